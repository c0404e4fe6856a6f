import { useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { activateLocale, isAppLocale, type AppLocale } from './locale';

interface Props {
  /** 'light' on dark backgrounds (the login brand panel), 'default' elsewhere */
  readonly tone?: 'default' | 'light';
}

/** Native select, so it works with the keyboard, screen readers and Playwright's selectOption. */
export function LanguageSwitch({ tone = 'default' }: Props) {
  const { t, i18n } = useLingui();
  const id = useId();
  const options: { value: AppLocale; label: string }[] = [
    { value: 'zh', label: t`中文` },
    { value: 'en', label: t`English` },
  ];
  return (
    <span className={`lang-switch lang-switch--${tone}`}>
      <label htmlFor={id} className="lang-switch__label">
        <GlobeIcon />
        <span className="sr-only">{t`语言`}</span>
      </label>
      <select
        id={id}
        value={i18n.locale}
        onChange={(e) => {
          const next = e.currentTarget.value;
          // A catalogue chunk that fails to download (offline, a deploy since the page loaded)
          // leaves the language as it was; the console says why.
          if (isAppLocale(next)) activateLocale(next).catch((e: unknown) => console.error('[i18n] could not switch to', next, e));
        }}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  );
}

function GlobeIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        d="M12 3a9 9 0 1 0 0 18a9 9 0 0 0 0-18Zm-9 9h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z"
      />
    </svg>
  );
}

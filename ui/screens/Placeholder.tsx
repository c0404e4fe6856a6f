import type { MessageDescriptor } from '@lingui/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { BrandMark } from '../app/BrandMark';
import { LanguageSwitch } from '../i18n/LanguageSwitch';

interface Props {
  readonly title: MessageDescriptor;
  /** sub-navigation and nested screens (the mall's children) */
  readonly children?: ReactNode;
}

/** The page of a screen whose own content comes in a later issue: branded, titled, not blank. */
export function Placeholder({ title, children }: Props) {
  const { i18n } = useLingui();
  return (
    <div className="placeholder-page">
      <header className="placeholder-page__bar">
        <Link to="/" className="brand-link">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="placeholder-page__main">
        <section className="placeholder-card" aria-labelledby="placeholder-title">
          <h1 id="placeholder-title">{i18n._(title)}</h1>
          {children ?? <ComingSoon />}
          <Link to="/" className="button button--secondary">
            <Trans>返回工作台</Trans>
          </Link>
        </section>
      </main>
    </div>
  );
}

export function ComingSoon() {
  return (
    <p className="coming-soon">
      <Trans>该功能正在建设中，敬请期待。</Trans>
    </p>
  );
}

import { useLingui } from '@lingui/react/macro';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { BrandMark } from '../app/BrandMark';
import { LanguageSwitch } from '../i18n/LanguageSwitch';
import { isProtocolDoc, ProtocolText, ProtocolTitle, type ProtocolDoc } from './protocol-docs';

// /protocol (core.md §2): the user agreement and the privacy policy, ?doc=agreement|privacy.
export default function ProtocolScreen() {
  const { t } = useLingui();
  const navigate = useNavigate();
  const search: { doc?: unknown } = useSearch({ strict: false });
  const doc: ProtocolDoc = isProtocolDoc(search.doc) ? search.doc : 'agreement';
  const tabs: readonly ProtocolDoc[] = ['agreement', 'privacy'];
  return (
    <div className="placeholder-page protocol-page">
      <header className="placeholder-page__bar">
        <Link to="/" className="brand-link">
          <BrandMark />
        </Link>
        <LanguageSwitch />
      </header>
      <main className="protocol-page__main">
        <nav className="protocol-page__tabs" aria-label={t`协议`}>
          {tabs.map((d) => (
            <button key={d} type="button" className="protocol-page__tab" aria-pressed={doc === d} onClick={() => void navigate({ to: '/protocol', search: { doc: d }, replace: true })}>
              <ProtocolTitle doc={d} />
            </button>
          ))}
        </nav>
        <article className="protocol-page__doc" aria-labelledby="protocol-title">
          <h1 id="protocol-title">
            <ProtocolTitle doc={doc} />
          </h1>
          <ProtocolText doc={doc} />
        </article>
      </main>
    </div>
  );
}

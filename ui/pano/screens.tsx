import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState } from 'react';
import { getPanorama, getSharedPanorama, walkPanoramas } from '../../api';
import type { Panorama } from '../../protocol/panorama';
import { api } from '../app/api';
import { PanoCanvas, type Hotspot } from './PanoCanvas';
import { clampView, DEFAULT_VIEW, hotspotDirection, lookAt, type PanoView } from './pano-math';
import type { Vec3Tuple } from '../../protocol/panorama';
import { panoShareLink, walkShareLink } from './links';
import { QrCode } from './QrCode';
import './pano.css';

// The panorama viewers of core.md §2: /pano (one panorama with its title, the QR code of its share
// link and the way into the walk), /singlePano (the picture alone, for embedding) and /walkPano
// (several panoramas of a scene linked by hotspots where each was taken). With ?code= they are
// public (a share code: no login); with ?id= or ?scene= they read the signed-in owner's panoramas.

type Loaded = { readonly kind: 'loading' } | { readonly kind: 'failed' } | { readonly kind: 'ready'; readonly panos: readonly Panorama[]; readonly startId: string | null };

function useQuery(): URLSearchParams {
  return useMemo(() => new URLSearchParams(window.location.search), []);
}

/** ?code= (anyone), ?id= (the owner), or ?scene= (the owner's whole scene, the walk). */
function usePanoramas(query: URLSearchParams, walk: boolean): Loaded {
  const [state, setState] = useState<Loaded>({ kind: 'loading' });
  useEffect(() => {
    const ctl = new AbortController();
    const options = { signal: ctl.signal, silent: true };
    const code = query.get('code') ?? query.get('shareCode');
    const id = query.get('id');
    const scene = query.get('scene') ?? query.get('sceneId');
    let load: Promise<{ panos: readonly Panorama[]; startId: string | null }>;
    if (code) load = getSharedPanorama(api, code, options).then((s) => ({ panos: walk ? [s.pano, ...s.others] : [s.pano], startId: s.pano.id }));
    else if (walk && scene && /^\d+$/.test(scene)) load = walkPanoramas(api, Number(scene), options).then((panos) => ({ panos, startId: id }));
    else if (id) load = getPanorama(api, id, options).then((p) => ({ panos: [p], startId: p.id }));
    else load = Promise.reject(new Error('no panorama named'));
    load.then((r) => setState(r.panos.length > 0 ? { kind: 'ready', ...r } : { kind: 'failed' })).catch(() => !ctl.signal.aborted && setState({ kind: 'failed' }));
    return () => ctl.abort();
  }, [query, walk]);
  return state;
}

/** Looking towards a direction, the pitch kept between level and 30° down (the floor marker in view, the room too). */
function facing(direction: Vec3Tuple): PanoView {
  const looked = lookAt(DEFAULT_VIEW, direction);
  return clampView({ ...looked, pitch: Math.max(-Math.PI / 6, Math.min(0, looked.pitch)) });
}

function Failed() {
  return (
    <div className="pano-screen pano-screen--message" role="alert">
      <p>
        <Trans>全景图不存在、已取消分享或无权访问</Trans>
      </p>
    </div>
  );
}

function Loading() {
  return (
    <div className="pano-screen pano-screen--message" aria-busy="true">
      <p>
        <Trans>正在加载全景图…</Trans>
      </p>
    </div>
  );
}

/** /pano?id= or ?code=: one panorama, its QR code when shared, and the walk when the scene has more. */
export function PanoScreen() {
  const { t } = useLingui();
  const query = useQuery();
  const loaded = usePanoramas(query, false);
  const [qrOpen, setQrOpen] = useState(false);
  if (loaded.kind === 'loading') return <Loading />;
  if (loaded.kind === 'failed') return <Failed />;
  const pano = loaded.panos[0]!;
  const link = pano.shareCode ? panoShareLink(window.location.origin, pano.shareCode) : null;
  const walkHref = pano.shareCode ? walkShareLink(window.location.origin, pano.shareCode) : `/walkPano?scene=${pano.sceneId}&id=${pano.id}`;
  return (
    <div className="pano-screen">
      <PanoCanvas src={pano.url}>
        <header className="pano-bar">
          <h1 className="pano-bar__title">{pano.label || t`全景图`}</h1>
          <span className="pano-bar__spacer" />
          <a className="pano-bar__button" href={walkHref}>
            <Trans>漫游全景</Trans>
          </a>
          {link ? (
            <button type="button" className="pano-bar__button" aria-expanded={qrOpen} onClick={() => setQrOpen(!qrOpen)}>
              <Trans>手机扫码查看</Trans>
            </button>
          ) : null}
        </header>
        {qrOpen && link ? (
          <div className="pano-qr" role="dialog" aria-label={t`手机扫码查看`}>
            <QrCode text={link} size={180} />
            <p className="pano-qr__link">{link}</p>
          </div>
        ) : null}
      </PanoCanvas>
    </div>
  );
}

/** /singlePano?code= or ?id=: the picture alone (an embed). */
export function SinglePanoScreen() {
  const query = useQuery();
  const loaded = usePanoramas(query, false);
  if (loaded.kind === 'loading') return <Loading />;
  if (loaded.kind === 'failed') return <Failed />;
  return (
    <div className="pano-screen">
      <PanoCanvas src={loaded.panos[0]!.url} />
    </div>
  );
}

/**
 * /walkPano?scene=&id= (the owner) or ?code= (anyone): the scene's panoramas linked by hotspots on
 * the floor where each of the others was taken (same storey); a click walks there.
 */
export function WalkPanoScreen() {
  const { t } = useLingui();
  const query = useQuery();
  const loaded = usePanoramas(query, true);
  const [currentId, setCurrentId] = useState<string | null>(null);
  if (loaded.kind === 'loading') return <Loading />;
  if (loaded.kind === 'failed') return <Failed />;
  const panos = loaded.panos;
  const current = panos.find((p) => p.id === (currentId ?? loaded.startId)) ?? panos[0]!;
  const hotspots: Hotspot[] = panos
    .filter((p) => p.id !== current.id && p.storeyId === current.storeyId)
    .map((p) => ({ id: p.id, label: p.label, direction: hotspotDirection(current.position, p.position) }));
  // each picture starts facing its nearest neighbour's spot, a little down so the marker shows
  const nearest = [...hotspots].sort((a, b) => Math.hypot(...a.direction) - Math.hypot(...b.direction))[0];
  const initialView = nearest ? facing(nearest.direction) : DEFAULT_VIEW;
  return (
    <div className="pano-screen">
      {/* key: a new picture starts from its own view, not the last one's */}
      <PanoCanvas key={current.id} src={current.url} hotspots={hotspots} onHotspot={setCurrentId} initialView={initialView}>
        <header className="pano-bar">
          <h1 className="pano-bar__title" data-testid="walk-current">
            {current.label || t`全景图`}
          </h1>
          <span className="pano-bar__spacer" />
          <nav className="pano-walk-list" aria-label={t`全景点`}>
            {panos.map((p, i) => (
              <button key={p.id} type="button" className="pano-bar__button" aria-pressed={p.id === current.id} onClick={() => setCurrentId(p.id)}>
                {/* numbered: several spots of one room share its name */}
                {`${i + 1}. ${p.label || t`全景图`}`}
              </button>
            ))}
          </nav>
        </header>
      </PanoCanvas>
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { createPanorama, getPanorama, getRenderCoupons, getRenderJob, revokePanorama, sharePanorama, submitRender, type RenderCoupons, type RenderJob, type RenderMode } from '../../../api';
import { ApiError } from '../../../api/errors';
import { PANO_RESOLUTIONS, PANO_WIDTH_LABELS, PANO_WIDTHS, type PanoPoint, type Panorama, type PanoramaOptions, type PanoWidth } from '../../../protocol/panorama';
import { useAccess } from '../../auth/access';
import { api } from '../../app/api';
import { kernelPanoramas, useKernel } from '../../kernel';
import { notify } from '../../notice';
import { QrCode } from '../../pano/QrCode';
import { panoHref, panoShareLink, walkShareLink } from '../../pano/links';
import { sceneText } from '../../scene/messages';
import { sceneSession } from '../../scene/state';
import { copyText } from '../../widgets/dom';
import { couponCostText } from '../render-cost';
import { SceneDialog } from '../SceneDialog';
import './panorama.css';

// 生成全景: a 720° panorama of the open saved scheme. The designer picks a point in a room (a click
// on the plan or in the 3D view) or takes the roam view's eye and chooses 2K / 4K / 8K. 本机快速生成:
// the kernel renders and stitches it in its worker (kernel panorama()) and the JPEG goes to the
// server (POST /api/panos). 云渲染（高质量）: a render job (POST /api/render/jobs with pano) that a
// render worker path-traces from the same eye (kernel panoramaSpot()), paid with the coupon of as
// many pixels; the dialog follows the job and may be closed meanwhile (the panorama then appears in
// the album). Either way the dialog then offers 预览, 分享 (link, copy, QR code) and 取消分享.

type Phase =
  | { readonly kind: 'setup' }
  | { readonly kind: 'picking' }
  | { readonly kind: 'making'; readonly progress: number; readonly step: 'render' | 'upload' }
  | { readonly kind: 'cloud'; readonly job: RenderJob }
  | { readonly kind: 'done'; readonly pano: Panorama };

const POLL_MS = 2000;

/** The top bar's 生成全景 button and its dialog. A scheme never saved is asked to be saved first. */
export function PanoramaButton({ disabled }: { readonly disabled?: boolean }) {
  const { t } = useLingui();
  const [sceneId, setSceneId] = useState<number | null>(null);
  function open() {
    const scene = sceneSession.scene;
    if (!scene) {
      notify(sceneText.saveFirst(), { kind: 'warning' });
      return;
    }
    setSceneId(scene.id);
  }
  return (
    <>
      <button type="button" className="button button--ghost" disabled={disabled} onClick={open} data-testid="pano-open" title={t`生成全景`}>
        <Trans>生成全景</Trans>
      </button>
      {sceneId !== null ? <PanoramaDialog sceneId={sceneId} onClose={() => setSceneId(null)} /> : null}
    </>
  );
}

/** The kernel's canvas (ui/kernel/KernelCanvas.tsx): the pick overlay lies over it. */
function kernelCanvas(): HTMLCanvasElement | null {
  return document.querySelector<HTMLCanvasElement>('canvas[data-kernel-canvas]');
}

function PanoramaDialog({ sceneId, onClose }: { readonly sceneId: number; readonly onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { cameraView } = useKernel();
  const standing = cameraView === 1 || cameraView === 4;
  const [phase, setPhase] = useState<Phase>({ kind: 'setup' });
  const [where, setWhere] = useState<'point' | 'eye'>(standing ? 'eye' : 'point');
  const [point, setPoint] = useState<PanoPoint | null>(null);
  const [width, setWidth] = useState<PanoWidth>(4096);
  const [shareCode, setShareCode] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const cloudAllowed = useAccess().feature('cloudRender');
  const [quality, setQuality] = useState<'local' | 'cloud'>('local');
  const [mode, setMode] = useState<RenderMode>('immediate');
  const [coupons, setCoupons] = useState<RenderCoupons | null>(null);

  useEffect(() => {
    if (!cloudAllowed) return;
    const ctl = new AbortController();
    getRenderCoupons(api, { signal: ctl.signal })
      .then(setCoupons)
      .catch(() => {});
    return () => ctl.abort();
  }, [cloudAllowed]);

  // a cloud job followed until it ends; the dialog may close meanwhile (the job goes on)
  const following = phase.kind === 'cloud' ? phase.job.id : null;
  useEffect(() => {
    if (!following) return;
    const ctl = new AbortController();
    const timer = setInterval(() => {
      getRenderJob(api, following, { signal: ctl.signal })
        .then(async (job) => {
          if (job.state === 'done' && job.panoId) {
            clearInterval(timer);
            const pano = await getPanorama(api, job.panoId, { signal: ctl.signal });
            setShareCode(pano.shareCode);
            setPhase({ kind: 'done', pano });
          } else if (job.state === 'failed' || job.state === 'cancelled' || job.state === 'done') {
            clearInterval(timer);
            notify(job.refunded ? t`云渲染全景图失败，渲染券已退回` : t`云渲染全景图失败`, { kind: 'error' });
            setPhase({ kind: 'setup' });
          } else {
            setPhase({ kind: 'cloud', job });
          }
        })
        .catch(() => {});
    }, POLL_MS);
    return () => {
      clearInterval(timer);
      ctl.abort();
    };
  }, [following, t]);

  const resolution = PANO_RESOLUTIONS[width];
  const couponsLeft = coupons?.detail.find((d) => d.resolution === resolution && d.mode === mode)?.count ?? 0;
  const ready = (where === 'eye' ? standing : point !== null) && (quality === 'local' || couponsLeft > 0);

  /** Where the panorama is taken from, as kernel panorama() and panoramaSpot() read it. */
  function spotAt(): PanoramaOptions['at'] {
    return where === 'eye' || !point ? { kind: 'eye' } : { kind: 'point', x: point.x, y: point.y, storeyId: point.storeyId };
  }

  async function submitCloud() {
    setBusy(true);
    try {
      const at = spotAt();
      const spot = await kernelPanoramas.panoramaSpot(at);
      const label = where === 'point' && point ? point.roomLabel : spot.roomLabel;
      const job = await submitRender(api, { sceneId, camera: spot.camera, storeyId: spot.storeyId, resolution, mode, pano: { width, position: spot.position, label } });
      setPhase({ kind: 'cloud', job });
    } catch (e) {
      // an API refusal (no coupon, no entitlement) has been told by the API client
      if (!(e instanceof ApiError)) notify(t`全景图生成失败`, { kind: 'error' });
    } finally {
      setBusy(false);
    }
  }

  async function make() {
    setPhase({ kind: 'making', progress: 0, step: 'render' });
    try {
      const at = spotAt();
      const shot = await kernelPanoramas.panorama({ at, width }, (f) => setPhase({ kind: 'making', progress: f * 0.8, step: 'render' }));
      setPhase({ kind: 'making', progress: 0.8, step: 'upload' });
      const label = where === 'point' && point ? point.roomLabel : shot.roomLabel;
      const pano = await createPanorama(api, {
        sceneId,
        storeyId: shot.storeyId,
        position: shot.position,
        label,
        image: new Blob([shot.jpeg as BlobPart], { type: 'image/jpeg' }),
        thumb: new Blob([shot.thumbJpeg as BlobPart], { type: 'image/jpeg' }),
      });
      setShareCode(pano.shareCode);
      setPhase({ kind: 'done', pano });
    } catch (e) {
      // an API refusal (quota, size) has been told by the API client; a kernel failure is told here
      if (!(e instanceof ApiError)) notify(t`全景图生成失败`, { kind: 'error' });
      setPhase({ kind: 'setup' });
    }
  }

  async function share(pano: Panorama) {
    setBusy(true);
    try {
      const made = await sharePanorama(api, pano.id);
      setShareCode(made.shareCode);
    } catch {
      // the API client has said why
    } finally {
      setBusy(false);
    }
  }

  async function revoke(pano: Panorama) {
    setBusy(true);
    try {
      await revokePanorama(api, pano.id);
      setShareCode(null);
      notify(t`已取消分享，原链接已失效`, { kind: 'success' });
    } catch {
      // the API client has said why; the link stays shared
    } finally {
      setBusy(false);
    }
  }

  if (phase.kind === 'picking') {
    return (
      <PickOverlay
        locale={i18n.locale === 'en' ? 'en' : 'zh'}
        onPicked={(p) => {
          setPoint(p);
          setWhere('point');
          setPhase({ kind: 'setup' });
        }}
        onCancel={() => setPhase({ kind: 'setup' })}
      />
    );
  }

  const link = shareCode ? panoShareLink(window.location.origin, shareCode) : '';
  let footer;
  let body;
  if (phase.kind === 'done') {
    const pano = phase.pano;
    footer = (
      <>
        {shareCode ? (
          <button type="button" className="button button--danger" disabled={busy} onClick={() => void revoke(pano)}>
            <Trans>取消分享</Trans>
          </button>
        ) : (
          <button type="button" className="button button--secondary" disabled={busy} onClick={() => void share(pano)}>
            <Trans>分享</Trans>
          </button>
        )}
        <button type="button" className="button button--primary" onClick={() => window.open(panoHref(pano.id), '_blank', 'noopener')}>
          <Trans>预览</Trans>
        </button>
      </>
    );
    body = (
      <div className="pano-dialog__result" data-testid="pano-result" data-pano-id={pano.id}>
        <img className="pano-dialog__thumb" src={pano.thumbUrl} width={100} height={100} alt={t`全景图缩略图`} />
        <div className="pano-dialog__facts">
          <p>
            <strong>{pano.label || t`全景图`}</strong> · {PANO_WIDTH_LABELS[pano.width as PanoWidth] ?? `${pano.width}`} ({pano.width} x {pano.height})
          </p>
          {shareCode ? (
            <>
              <div className="pano-dialog__link">
                <input className="field__control" readOnly value={link} data-testid="pano-share-link" aria-label={t`分享链接`} onFocus={(e) => e.currentTarget.select()} />
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => void copyText(link).then((ok) => notify(ok ? t`复制成功` : t`复制失败`, { kind: ok ? 'success' : 'error' }))}
                >
                  <Trans>复制链接</Trans>
                </button>
              </div>
              <div className="pano-dialog__qr">
                <QrCode text={link} size={120} />
                <span>
                  <Trans>手机扫码查看。</Trans>{' '}
                  <a href={walkShareLink(window.location.origin, shareCode)} target="_blank" rel="noopener">
                    <Trans>漫游全景</Trans>
                  </a>
                </span>
              </div>
            </>
          ) : (
            <p className="scene-dialog__hint">
              <Trans>分享后，获得链接的人无需登录即可查看这张全景图；可随时取消分享。</Trans>
            </p>
          )}
        </div>
      </div>
    );
  } else if (phase.kind === 'cloud') {
    const job = phase.job;
    footer = (
      <button type="button" className="button button--secondary" onClick={onClose}>
        <Trans>关闭</Trans>
      </button>
    );
    body = (
      <div className="pano-dialog__progress" role="status" data-testid="pano-cloud" data-state={job.state}>
        <p>
          {job.state === 'queued'
            ? job.attempts > 0
              ? t`云渲染全景图：等待重试…`
              : t`云渲染全景图：排队中…`
            : t`云渲染全景图：渲染中 ${Math.round(job.progress * 100)}%`}
        </p>
        <progress max={1} value={job.state === 'rendering' ? job.progress : undefined} aria-label={t`生成进度`} data-testid="pano-progress" />
        <p className="scene-dialog__hint">
          <Trans>全景图在服务器上渲染，关闭对话框不影响渲染；完成后可在图册中查看。</Trans>
        </p>
      </div>
    );
  } else if (phase.kind === 'making') {
    footer = null;
    body = (
      <div className="pano-dialog__progress" role="status">
        <p>{phase.step === 'render' ? t`正在渲染全景图…` : t`正在上传全景图…`}</p>
        <progress max={1} value={phase.progress} aria-label={t`生成进度`} data-testid="pano-progress" />
      </div>
    );
  } else {
    footer = (
      <>
        <button type="button" className="button button--secondary" onClick={onClose}>
          <Trans>取消</Trans>
        </button>
        <button
          type="button"
          className="button button--primary"
          disabled={!ready || busy}
          onClick={() => void (quality === 'cloud' ? submitCloud() : make())}
          data-testid="pano-make"
        >
          {quality === 'cloud' ? <Trans>提交云渲染</Trans> : <Trans>生成</Trans>}
        </button>
      </>
    );
    body = (
      <div className="pano-dialog__setup">
        <fieldset className="pano-dialog__group">
          <legend className="field__label">
            <Trans>拍摄位置</Trans>
          </legend>
          <label className="pano-dialog__choice">
            <input type="radio" name="pano-where" checked={where === 'point'} onChange={() => setWhere('point')} />
            <span>{point ? t`房间内的点：${point.roomLabel || t`未命名`}（${point.x}, ${point.y} mm），离地 1.5 米` : t`在房间内点选一个位置`}</span>
          </label>
          <button type="button" className="button button--secondary pano-dialog__pick" onClick={() => setPhase({ kind: 'picking' })} data-testid="pano-pick">
            {point ? <Trans>重新点选</Trans> : <Trans>点选位置</Trans>}
          </button>
          <label className="pano-dialog__choice" data-disabled={!standing || undefined}>
            <input type="radio" name="pano-where" disabled={!standing} checked={where === 'eye'} onChange={() => setWhere('eye')} />
            <span>{standing ? t`当前漫游视角的位置` : t`当前漫游视角的位置（请先切换到漫游视图）`}</span>
          </label>
        </fieldset>
        <fieldset className="pano-dialog__group">
          <legend className="field__label">
            <Trans>分辨率</Trans>
          </legend>
          <div className="segmented" role="group">
            {PANO_WIDTHS.map((w) => (
              <button key={w} type="button" className="segmented__item" aria-pressed={width === w} onClick={() => setWidth(w)}>
                {PANO_WIDTH_LABELS[w]}
              </button>
            ))}
          </div>
        </fieldset>
        <fieldset className="pano-dialog__group">
          <legend className="field__label">
            <Trans>渲染质量</Trans>
          </legend>
          <label className="pano-dialog__choice">
            <input type="radio" name="pano-quality" checked={quality === 'local'} onChange={() => setQuality('local')} />
            <span>
              <Trans>本机快速生成（免费，在浏览器中渲染，8K 需要较长时间和较多内存）</Trans>
            </span>
          </label>
          <label className="pano-dialog__choice" data-disabled={!cloudAllowed || undefined}>
            <input type="radio" name="pano-quality" disabled={!cloudAllowed} checked={quality === 'cloud'} onChange={() => setQuality('cloud')} data-testid="pano-cloud-choice" />
            <span>
              {cloudAllowed ? (
                <Trans>云渲染（高质量：光线追踪的柔和阴影与全局光照，使用 {resolution} 渲染券，渲染最近一次保存的方案）</Trans>
              ) : (
                <Trans>云渲染（高质量，需开通云渲染）</Trans>
              )}
            </span>
          </label>
          {quality === 'cloud' ? (
            <div className="segmented" role="group" aria-label={t`渲染方式`}>
              {(['immediate', 'leisure'] as const).map((m) => (
                <button key={m} type="button" className="segmented__item" aria-pressed={mode === m} onClick={() => setMode(m)}>
                  {m === 'immediate' ? t`立即渲染` : t`闲时渲染`}
                </button>
              ))}
            </div>
          ) : null}
          {quality === 'cloud' ? (
            <p className="scene-dialog__hint" aria-live="polite" data-empty={couponsLeft <= 0 || undefined}>
              {couponCostText(resolution, mode, couponsLeft)}
            </p>
          ) : null}
        </fieldset>
      </div>
    );
  }

  return (
    <SceneDialog
      open
      title={t`生成全景`}
      onClose={onClose}
      footer={footer}
      rules={phase.kind === 'making' ? { closeOnEscape: false, closeOnBackdrop: false } : undefined}
      beforeClose={() => phase.kind !== 'making'}
    >
      {body}
    </SceneDialog>
  );
}

/** A layer over the kernel's canvas while picking: a click asks the kernel what lies under it. */
function PickOverlay({ locale, onPicked, onCancel }: { readonly locale: 'zh' | 'en'; readonly onPicked: (p: PanoPoint) => void; readonly onCancel: () => void }) {
  const { t } = useLingui();
  const [box, setBox] = useState<DOMRect | null>(() => kernelCanvas()?.getBoundingClientRect() ?? null);
  useEffect(() => {
    const canvas = kernelCanvas();
    if (!canvas) return;
    const observer = new ResizeObserver(() => setBox(canvas.getBoundingClientRect()));
    observer.observe(canvas);
    const key = (e: KeyboardEvent) => e.key === 'Escape' && onCancel();
    window.addEventListener('keydown', key);
    return () => {
      observer.disconnect();
      window.removeEventListener('keydown', key);
    };
  }, [onCancel]);
  if (!box) return null;
  return (
    <div
      className="pano-pick"
      data-testid="pano-pick-layer"
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
      onClick={(e) => {
        const x = e.clientX - box.left;
        const y = e.clientY - box.top;
        kernelPanoramas
          .panoramaPoint(x, y, locale)
          .then((p) => (p ? onPicked(p) : notify(t`请点击房间内的位置`, { kind: 'warning' })))
          .catch(() => notify(t`请点击房间内的位置`, { kind: 'warning' }));
      }}
    >
      <div className="pano-pick__hint" role="status">
        <Trans>点击房间内的位置作为全景拍摄点（Esc 取消）</Trans>
        <button
          type="button"
          className="button button--secondary"
          onClick={(e) => {
            e.stopPropagation();
            onCancel();
          }}
        >
          <Trans>取消</Trans>
        </button>
      </div>
    </div>
  );
}

import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useId, useState, type ReactNode } from 'react';
import {
  RENDER_RESOLUTIONS,
  RENDER_SIZES,
  cancelRender,
  deleteRender,
  getRenderCoupons,
  isFinished,
  listRenderJobs,
  submitRender,
  type RenderCoupons,
  type RenderJob,
  type RenderMode,
  type RenderResolution,
} from '../../api';
import { api } from '../app/api';
import { showAuthorityTip, useAccess } from '../auth/access';
import { notify } from '../notice';
import { sceneText } from '../scene/messages';
import { sceneSession } from '../scene/state';
import { PANO_WIDTH_LABELS } from '../../protocol/panorama';
import { currentRenderView, type RenderView } from './render-camera';
import { couponCostText } from './render-cost';
import { SceneDialog } from './SceneDialog';
import './render-dialog.css';

// 渲染 (catalogues.md §2 second list, Render): a cloud render of the saved scheme. The designer
// picks a resolution of the coupon list and immediate or leisure mode, sees the coupons left for
// each, and submits; the job list below polls the server while a job is unfinished and shows
// finished pictures as thumbnails that open full size. docs/rendering.md.

const POLL_MS = 2000;

/** The rail's 渲染 button: the dialog for the open saved scheme, or the authority tip without cloudRender. */
export function useRenderDialog(): { open: () => void; dialog: ReactNode } {
  const access = useAccess();
  const [sceneId, setSceneId] = useState<number | null>(null);
  const open = useCallback(() => {
    if (!access.feature('cloudRender')) {
      showAuthorityTip();
      return;
    }
    const scene = sceneSession.scene;
    if (!scene) {
      notify(sceneText.saveFirst(), { kind: 'warning' });
      return;
    }
    setSceneId(scene.id);
  }, [access]);
  return { open, dialog: sceneId !== null ? <RenderDialog sceneId={sceneId} onClose={() => setSceneId(null)} /> : null };
}

function RenderDialog({ sceneId, onClose }: { readonly sceneId: number; readonly onClose: () => void }) {
  const { t } = useLingui();
  const id = useId();
  const [coupons, setCoupons] = useState<RenderCoupons | null>(null);
  const [jobs, setJobs] = useState<readonly RenderJob[] | null>(null);
  const [resolution, setResolution] = useState<RenderResolution>('540P');
  const [mode, setMode] = useState<RenderMode>('immediate');
  const [submitting, setSubmitting] = useState(false);
  const [viewing, setViewing] = useState<RenderJob | null>(null);
  const [view, setView] = useState<RenderView | null>(null);

  useEffect(() => {
    let live = true;
    void currentRenderView().then((v) => live && setView(v));
    return () => {
      live = false;
    };
  }, []);

  const load = useCallback(
    (signal?: AbortSignal) => Promise.all([getRenderCoupons(api, { signal }), listRenderJobs(api, sceneId, { signal })]),
    [sceneId],
  );
  const refresh = useCallback(
    async (signal?: AbortSignal) => {
      const [c, j] = await load(signal);
      setCoupons(c);
      setJobs(j);
    },
    [load],
  );

  useEffect(() => {
    const ctl = new AbortController();
    load(ctl.signal)
      .then(([c, j]) => {
        setCoupons(c);
        setJobs(j);
      })
      .catch(() => {});
    return () => ctl.abort();
  }, [load]);

  const unfinished = jobs?.some((j) => !isFinished(j.state)) ?? false;
  useEffect(() => {
    if (!unfinished) return;
    const ctl = new AbortController();
    const timer = setInterval(() => void refresh(ctl.signal).catch(() => {}), POLL_MS);
    return () => {
      clearInterval(timer);
      ctl.abort();
    };
  }, [unfinished, refresh]);

  const left = (r: RenderResolution, m: RenderMode) => coupons?.detail.find((d) => d.resolution === r && d.mode === m)?.count ?? 0;
  const chosenLeft = left(resolution, mode);

  async function submit() {
    setSubmitting(true);
    try {
      await submitRender(api, { sceneId, camera: view?.camera ?? null, storeyId: view?.storeyId ?? null, resolution, mode });
      notify(t`渲染任务已提交`, { kind: 'success' });
      await refresh();
    } catch {
      // the API client has told why (no coupon, no entitlement …); nothing was spent
    } finally {
      setSubmitting(false);
    }
  }

  async function act(job: RenderJob, action: 'cancel' | 'delete') {
    try {
      if (action === 'cancel') await cancelRender(api, job.id);
      else await deleteRender(api, job.id);
      await refresh();
    } catch {
      // told by the API client
    }
  }

  const modeLabel = (m: RenderMode) => (m === 'immediate' ? t`立即渲染` : t`闲时渲染`);
  const footer = viewing ? (
    <>
      <a className="button button--secondary" href={viewing.url} target="_blank" rel="noopener" download={`render-${viewing.resolution}.jpg`}>
        <Trans>下载原图</Trans>
      </a>
      <button type="button" className="button button--primary" onClick={() => setViewing(null)}>
        <Trans>返回任务列表</Trans>
      </button>
    </>
  ) : (
    <>
      <span className="scene-dialog__hint render-dialog__cost" aria-live="polite">
        {couponCostText(resolution, mode, chosenLeft)}
      </span>
      <button type="button" className="button button--secondary" onClick={onClose}>
        <Trans>关闭</Trans>
      </button>
      <button type="button" className="button button--primary" data-testid="render-submit" disabled={submitting || chosenLeft <= 0 || !coupons || !view} onClick={() => void submit()}>
        {submitting ? <Trans>正在提交…</Trans> : <Trans>提交渲染</Trans>}
      </button>
    </>
  );

  return (
    <SceneDialog open size="wide" title={t`云渲染`} description={t`渲染最近一次保存的方案。任务在服务器上排队渲染，关闭对话框不影响渲染。`} onClose={onClose} footer={footer}>
      {viewing ? (
        <figure className="render-dialog__full">
          <img src={viewing.url} alt={t`渲染图 ${viewing.resolution}`} width={viewing.width} height={viewing.height} />
          <figcaption>
            {viewing.resolution} · {viewing.width} × {viewing.height} · {modeLabel(viewing.mode)}
          </figcaption>
        </figure>
      ) : (
        <div className="render-dialog">
          <section className="render-dialog__options" aria-labelledby={`${id}-res`}>
            <div className="render-dialog__group">
              <h3 className="render-dialog__heading" id={`${id}-mode`}>
                <Trans>渲染方式</Trans>
              </h3>
              <div className="render-dialog__modes" role="radiogroup" aria-labelledby={`${id}-mode`}>
                {(['immediate', 'leisure'] as const).map((m) => (
                  <button key={m} type="button" role="radio" aria-checked={mode === m} className="render-dialog__mode" onClick={() => setMode(m)}>
                    <span className="render-dialog__mode-name">{modeLabel(m)}</span>
                    <span className="render-dialog__mode-note">{m === 'immediate' ? t`优先排队，尽快出图` : t`空闲时渲染，更省券`}</span>
                    <span className="render-dialog__mode-count">
                      <Trans>共 {m === 'immediate' ? (coupons?.immediateRenderNum ?? 0) : (coupons?.leisureRenderNum ?? 0)} 张</Trans>
                    </span>
                  </button>
                ))}
              </div>
            </div>
            <div className="render-dialog__group">
              <h3 className="render-dialog__heading" id={`${id}-res`}>
                <Trans>分辨率</Trans>
              </h3>
              <div className="render-dialog__resolutions" role="radiogroup" aria-labelledby={`${id}-res`} aria-busy={!coupons}>
                {RENDER_RESOLUTIONS.map((r) => {
                  const n = left(r, mode);
                  return (
                    <button
                      key={r}
                      type="button"
                      role="radio"
                      aria-checked={resolution === r}
                      data-resolution={r}
                      data-empty={n === 0 || undefined}
                      className="render-dialog__resolution"
                      onClick={() => setResolution(r)}
                    >
                      <span className="render-dialog__resolution-name">{r}</span>
                      <span className="render-dialog__resolution-size">
                        {RENDER_SIZES[r].width}×{RENDER_SIZES[r].height}
                      </span>
                      <span className="render-dialog__resolution-left">{n > 0 ? t`剩 ${n} 张` : t`无券`}</span>
                    </button>
                  );
                })}
              </div>
            </div>
            <p className="render-dialog__camera">
              {view?.camera ? <Trans>视角：当前 3D 视图的相机</Trans> : <Trans>视角：方案的默认 3D 视角</Trans>}
            </p>
          </section>
          <section className="render-dialog__jobs" aria-labelledby={`${id}-jobs`}>
            <h3 className="render-dialog__heading" id={`${id}-jobs`}>
              <Trans>渲染任务</Trans>
            </h3>
            {jobs === null ? (
              <p className="render-dialog__empty">
                <Trans>正在加载…</Trans>
              </p>
            ) : jobs.length === 0 ? (
              <p className="render-dialog__empty">
                <Trans>还没有渲染任务。选择分辨率后提交，完成的渲染图会显示在这里。</Trans>
              </p>
            ) : (
              <ul className="render-dialog__list" data-testid="render-jobs">
                {jobs.map((job) => (
                  <JobRow key={job.id} job={job} modeLabel={modeLabel(job.mode)} onView={() => setViewing(job)} onAction={(a) => void act(job, a)} />
                ))}
              </ul>
            )}
          </section>
        </div>
      )}
    </SceneDialog>
  );
}

function JobRow({
  job,
  modeLabel,
  onView,
  onAction,
}: {
  readonly job: RenderJob;
  readonly modeLabel: string;
  readonly onView: () => void;
  readonly onAction: (action: 'cancel' | 'delete') => void;
}) {
  const { t } = useLingui();
  const stateText: Record<RenderJob['state'], string> = {
    queued: job.attempts > 0 ? t`等待重试` : t`排队中`,
    rendering: t`渲染中 ${Math.round(job.progress * 100)}%`,
    done: t`已完成`,
    failed: job.refunded ? t`渲染失败，已退券` : t`渲染失败`,
    cancelled: job.refunded ? t`已取消，已退券` : t`已取消`,
  };
  // a panorama job is named by its panorama's width (the coupon it spent says its resolution)
  const name = job.pano ? t`全景 ${PANO_WIDTH_LABELS[job.pano.width]}` : job.resolution;
  const time = new Date(job.createdAt).toLocaleString(undefined, { month: 'numeric', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  return (
    <li className="render-job" data-state={job.state} data-testid="render-job">
      {job.state === 'done' && job.url ? (
        <button type="button" className="render-job__thumb" onClick={onView} aria-label={t`查看大图 ${name}`}>
          <img src={job.thumbUrl} alt="" width={56} height={56} />
        </button>
      ) : (
        <span className="render-job__thumb render-job__thumb--empty" aria-hidden="true" />
      )}
      <div className="render-job__main">
        <div className="render-job__title">
          <span className="render-job__resolution" title={job.pano ? t`使用 ${job.resolution} 渲染券` : undefined}>
            {name}
          </span>
          <span className="render-job__mode">{modeLabel}</span>
          <span className="render-job__time">{time}</span>
        </div>
        <div className="render-job__state" title={job.error || undefined}>
          {stateText[job.state]}
        </div>
        {job.state === 'rendering' || job.state === 'queued' ? (
          <progress className="render-job__progress" max={1} value={job.state === 'rendering' ? job.progress : undefined} aria-label={stateText[job.state]} />
        ) : null}
      </div>
      <div className="render-job__actions">
        {isFinished(job.state) ? (
          <button type="button" className="button button--ghost render-job__action" onClick={() => onAction('delete')}>
            <Trans>删除</Trans>
          </button>
        ) : (
          <button type="button" className="button button--ghost render-job__action" onClick={() => onAction('cancel')}>
            <Trans>取消</Trans>
          </button>
        )}
      </div>
    </li>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { getSceneVersions, type SceneVersion } from '../../api';
import { api } from '../app/api';
import { HISTORY_RECORDS } from '../scene/constants';
import { ignoreOfflineOffer, listOfflineCopies, restoreOffline, sceneUi } from '../scene/controller';
import type { OfflineEntry, OfflineFloor, OfflineKind } from '../scene/offline-store';
import { sceneSession } from '../scene/state';
import { DialogListPending, formatTime, SceneDialog, ScenePreview } from './SceneDialog';

// The third tier on screen (core.md §4 离线备份): the copies this browser keeps, listed in the
// restore dialog's 离线备份 tab, and the offer of a copy newer than the server's when a scene opens.

const KIND_LABELS: Record<OfflineKind, MessageDescriptor> = {
  timed: msg({ message: '定时备份', context: 'one offline copy' }),
  'failed-save': msg`保存未成功`,
  'failed-backup': msg`备份未成功`,
  unload: msg`离开页面时`,
};
/** the server's auto save of a forced logout (auto_save_scene) */
const AUTO_SAVE_LABEL = msg`登录失效时自动保存`;

/** A data: URL for preview bytes: small JPEGs, and nothing to revoke when a card goes. */
function useImageUrl(bytes: Uint8Array | null): string {
  return useMemo(() => {
    if (!bytes) return '';
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return `data:image/jpeg;base64,${btoa(binary)}`;
  }, [bytes]);
}

/** core.md §3 storeys: index 0 is the ground floor, 1F; below it B1, B2 … */
export function floorLabel(layerIndex: number): string {
  return layerIndex >= 0 ? `${layerIndex + 1}F` : `B${-layerIndex}`;
}

/** The copy's picture; a scene of several storeys shows one per storey with its floor label. */
function CopyPreview({ entry }: { readonly entry: OfflineEntry }) {
  const { t } = useLingui();
  const [index, setIndex] = useState(0);
  const floors = entry.floors;
  const floor: OfflineFloor | undefined = floors.length > 1 ? floors[index % floors.length] : undefined;
  const url = useImageUrl(floor ? floor.preview : entry.preview);
  if (!floor) return <ScenePreview src={url} alt="" />;
  const step = (by: number) => (e: React.MouseEvent) => {
    // The card is the radio: turning the carousel must not select it.
    e.stopPropagation();
    setIndex((i) => (i + by + floors.length) % floors.length);
  };
  return (
    <span className="offline-carousel">
      <ScenePreview src={url} alt="" />
      <span className="offline-carousel__label">{floorLabel(floor.layerIndex)}</span>
      <span role="button" tabIndex={-1} className="offline-carousel__step offline-carousel__step--prev" aria-label={t`上一层`} onClick={step(-1)}>
        ‹
      </span>
      <span role="button" tabIndex={-1} className="offline-carousel__step offline-carousel__step--next" aria-label={t`下一层`} onClick={step(1)}>
        ›
      </span>
    </span>
  );
}

interface ListProps {
  /** null: the never-saved scene (no server auto saves) */
  readonly sceneId: number | null;
  readonly label: string;
  /** a browser copy or a server auto save */
  readonly selected: OfflineEntry | SceneVersion | null;
  readonly onSelectCopy: (entry: OfflineEntry) => void;
  readonly onSelectAutoSave: (version: SceneVersion) => void;
  /** the restore dialog's empty-state picture, shared by its three tabs */
  readonly emptyIcon: ReactNode;
}

type Row = { readonly at: number; readonly copy: OfflineEntry } | { readonly at: number; readonly auto: SceneVersion };

/**
 * The 离线备份 tab: this browser's copies of the open scene and the server's auto saves (the one
 * automatic save of a forced logout, core.md §4), newest first. Each source keeps its newest 20;
 * the auto saves are a bonus here, so a failure to list them only leaves them out.
 */
export function OfflineCopyList({ sceneId, label, selected, onSelectCopy, onSelectAutoSave, emptyIcon }: ListProps) {
  const { i18n } = useLingui();
  const [rows, setRows] = useState<readonly Row[] | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const copies = listOfflineCopies(sceneId).catch((): OfflineEntry[] => []);
    const autos =
      sceneId === null
        ? Promise.resolve([])
        : getSceneVersions(api, sceneId, 'auto', 1, HISTORY_RECORDS, { silent: true, signal: controller.signal }).then(
            (page) => page.list,
            (): SceneVersion[] => [],
          );
    void Promise.all([copies, autos]).then(([c, a]) => {
      if (controller.signal.aborted) return;
      const all: Row[] = [...c.map((copy) => ({ at: copy.savedAt, copy })), ...a.map((auto) => ({ at: Date.parse(auto.updatedAt) || 0, auto }))];
      setRows(all.sort((x, y) => y.at - x.at));
    });
    return () => controller.abort();
  }, [sceneId]);

  if (rows === null) {
    return (
      <DialogListPending />
    );
  }
  if (rows.length === 0) {
    return (
      <div className="scene-list__status empty-state">
        {emptyIcon}
        <p>
          <Trans>暂无保存记录</Trans>
        </p>
      </div>
    );
  }
  return (
    <ul className="scene-grid scene-grid--versions" role="radiogroup" aria-label={label}>
      {rows.map((row) => {
        if ('auto' in row) {
          const v = row.auto;
          const n = v.version;
          return (
            <li key={`auto-${v.id}`}>
              <button type="button" role="radio" aria-checked={selected === v} className="scene-card scene-card--version" onClick={() => onSelectAutoSave(v)}>
                <ScenePreview src={v.preview} alt="" />
                <span className="scene-card__check" aria-hidden="true" />
                <span className="scene-card__name">{formatTime(v.updatedAt, i18n.locale)}</span>
                <span className="scene-card__meta">
                  {i18n._(AUTO_SAVE_LABEL)}
                  {' · '}
                  <Trans>基于第 {n} 版</Trans>
                </span>
              </button>
            </li>
          );
        }
        const entry = row.copy;
        const n = entry.baseVersion;
        return (
          <li key={`copy-${entry.id}`}>
            <button type="button" role="radio" aria-checked={selected === entry} className="scene-card scene-card--version" onClick={() => onSelectCopy(entry)}>
              <CopyPreview entry={entry} />
              <span className="scene-card__check" aria-hidden="true" />
              <span className="scene-card__name">{formatTime(new Date(entry.savedAt).toISOString(), i18n.locale)}</span>
              <span className="scene-card__meta">
                {i18n._(KIND_LABELS[entry.kind])}
                {n !== null ? (
                  <>
                    {' · '}
                    <Trans>基于第 {n} 版</Trans>
                  </>
                ) : null}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** 发现未保存的离线备份: offered when a scene opens (or at a start with no scene). */
export function OfflineOfferDialog() {
  const { t, i18n } = useLingui();
  const { offlineOffer } = useSnapshot(sceneUi);
  const { busy } = useSnapshot(sceneSession);
  // The snapshot is read-only; the entry itself (bytes included) is what restore loads.
  const entry = offlineOffer ? sceneUi.offlineOffer : null;
  const time = entry ? formatTime(new Date(entry.savedAt).toISOString(), i18n.locale) : '';
  return (
    <SceneDialog
      open={entry !== null}
      title={t`发现未保存的离线备份`}
      onClose={ignoreOfflineOffer}
      rules={{ closeOnBackdrop: false }}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={ignoreOfflineOffer}>
            <Trans>忽略</Trans>
          </button>
          <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void restoreOffline(entry)}>
            <Trans>恢复</Trans>
          </button>
        </>
      }
    >
      {entry ? (
        <div className="offline-offer">
          <CopyPreview entry={entry} />
          <p className="scene-dialog__text">
            {entry.sceneId === null ? (
              <Trans>本浏览器中有一份 <time className="offline-offer__time">{time}</time> 的未保存方案的离线备份。恢复后请保存方案。</Trans>
            ) : (
              <Trans>本浏览器中有一份 <time className="offline-offer__time">{time}</time> 的离线备份，比服务器上保存的方案更新。恢复后请保存方案；忽略后仍可在“历史版本 → 离线备份”中找到。</Trans>
            )}
          </p>
        </div>
      ) : null}
    </SceneDialog>
  );
}

import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Tabs } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { getSceneVersions, type SceneVersion, type SceneVersionKind } from '../../api';
import { api } from '../app/api';
import { HISTORY_RECORDS } from '../scene/constants';
import { restore, restoreOffline, sceneUi } from '../scene/controller';
import type { OfflineEntry } from '../scene/offline-store';
import { sceneSession } from '../scene/state';
import { OfflineCopyList } from './OfflineBackups';
import { DialogListPending, formatTime, SceneDialog, ScenePreview } from './SceneDialog';
import { useRequest } from './use-request';

// The restore-history-version dialog (core.md §4): manual saves and timed backups from the server,
// and offline backups (the copies this browser keeps, with the server's forced-logout auto saves,
// OfflineBackups.tsx), each the newest 20 with preview and time; one record restores.

type TabKind = Exclude<SceneVersionKind, 'auto'> | 'offline';

const TABS: readonly { kind: TabKind; label: MessageDescriptor }[] = [
  { kind: 'manual', label: msg`手动保存` },
  { kind: 'backup', label: msg`定时备份` },
  { kind: 'offline', label: msg`离线备份` },
];

type Selection = { readonly from: 'server'; readonly version: SceneVersion } | { readonly from: 'offline'; readonly entry: OfflineEntry } | null;

export function RestoreDialog() {
  const { historyOpen } = useSnapshot(sceneUi);
  const { scene } = useSnapshot(sceneSession);
  const close = () => (sceneUi.historyOpen = false);
  // A scene never saved has no server history, only this browser's copies of it.
  return <RestoreDialogFor key={scene?.id ?? 'unsaved'} sceneId={scene?.id ?? null} open={historyOpen} onClose={close} />;
}

function RestoreDialogFor({ sceneId, open, onClose }: { sceneId: number | null; open: boolean; onClose: () => void }) {
  const { t, i18n } = useLingui();
  const { busy } = useSnapshot(sceneSession);
  const tabs = sceneId === null ? TABS.filter((x) => x.kind === 'offline') : TABS;
  const [tab, setTab] = useState<TabKind>(tabs[0]!.kind);
  const [selected, setSelected] = useState<Selection>(null);

  const close = () => {
    setSelected(null);
    onClose();
  };

  async function onRestore() {
    const done = selected?.from === 'offline' ? await restoreOffline(selected.entry) : await restore(selected?.version ?? null);
    if (done) close();
  }

  return (
    <SceneDialog
      open={open}
      title={t`恢复历史版本`}
      size="wide"
      onClose={close}
      footer={
        <>
          <span className="scene-dialog__hint">
            <Trans>每类仅保留最近 {HISTORY_RECORDS} 条记录；恢复后不可撤销。</Trans>
          </span>
          <button type="button" className="button button--secondary" onClick={close}>
            <Trans>取消</Trans>
          </button>
          <button type="button" className="button button--primary" disabled={busy !== null} onClick={() => void onRestore()}>
            <Trans>恢复</Trans>
          </button>
        </>
      }
    >
      <Tabs.Root
        className="history-tabs"
        value={tab}
        onValueChange={(d) => {
          setTab(d.value as TabKind);
          setSelected(null);
        }}
        lazyMount
      >
        <Tabs.List className="history-tabs__list">
          {tabs.map(({ kind, label }) => (
            <Tabs.Trigger key={kind} value={kind} className="history-tabs__tab">
              {i18n._(label)}
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator className="history-tabs__indicator" />
        </Tabs.List>
        {tabs.map(({ kind, label }) => (
          <Tabs.Content key={kind} value={kind} className="history-tabs__panel">
            {!open ? null : kind === 'offline' ? (
              <OfflineCopyList
                sceneId={sceneId}
                label={i18n._(label)}
                selected={selected?.from === 'offline' ? selected.entry : (selected?.version ?? null)}
                onSelectCopy={(entry) => setSelected({ from: 'offline', entry })}
                onSelectAutoSave={(version) => setSelected({ from: 'server', version })}
                emptyIcon={<EmptyIcon />}
              />
            ) : sceneId === null ? null : (
              <VersionList
                sceneId={sceneId}
                kind={kind}
                label={i18n._(label)}
                selected={selected?.from === 'server' ? selected.version : null}
                onSelect={(version) => setSelected({ from: 'server', version })}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </SceneDialog>
  );
}


interface ListProps {
  readonly sceneId: number;
  readonly kind: SceneVersionKind;
  readonly label: string;
  readonly selected: SceneVersion | null;
  readonly onSelect: (v: SceneVersion) => void;
}

function VersionList({ sceneId, kind, label, selected, onSelect }: ListProps) {
  const { i18n } = useLingui();
  const [attempt, setAttempt] = useState(0);
  const [load] = useRequest(`${sceneId}:${kind}:${attempt}`, async (signal) => (await getSceneVersions(api, sceneId, kind, 1, HISTORY_RECORDS, { silent: true, signal })).list);

  if (load.state === 'loading') {
    return (
      <DialogListPending />
    );
  }
  if (load.state === 'error') {
    return (
      <DialogListPending error={load.text} onRetry={() => setAttempt((n) => n + 1)} />
    );
  }
  if (load.page.length === 0) {
    return (
      <div className="scene-list__status empty-state">
        <EmptyIcon />
        <p>
          <Trans>暂无保存记录</Trans>
        </p>
      </div>
    );
  }
  return (
    <ul className="scene-grid scene-grid--versions" role="radiogroup" aria-label={label}>
      {load.page.map((v) => {
        const updated = formatTime(v.updatedAt, i18n.locale);
        const checked = selected?.id === v.id;
        const n = v.version;
        return (
          <li key={v.id}>
            <button type="button" role="radio" aria-checked={checked} className="scene-card scene-card--version" onClick={() => onSelect(v)}>
              <ScenePreview src={v.preview} alt="" />
              {v.isCurrent ? (
                <span className="scene-card__badge">
                  <Trans>当前版本</Trans>
                </span>
              ) : null}
              <span className="scene-card__check" aria-hidden="true" />
              <span className="scene-card__name">{updated}</span>
              <span className="scene-card__meta">
                {/* A backup or auto save is taken between saves: it names the save it follows. */}
                {kind === 'manual' ? <Trans>第 {n} 版</Trans> : <Trans>基于第 {n} 版</Trans>}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function EmptyIcon() {
  return (
    <svg width="48" height="48" viewBox="0 0 48 48" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
      <rect x="9" y="8" width="30" height="34" rx="3" />
      <path d="M16 18h16M16 25h16M16 32h9" strokeLinecap="round" />
    </svg>
  );
}

import { Menu, Portal } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { AlbumHost, openAlbum } from '../album/AlbumHost';
import { useKernel } from '../kernel';
import { LOCAL_FILE_ACCEPT } from '../scene/local-file';
import { answerImportPrompt, localFileUi, requestExport, requestImport } from '../scene/local-file-actions';
import { sceneSession } from '../scene/state';
import { openClientList } from './clients/state';
import { SceneDialog } from './SceneDialog';
import './scene.css';

// 更多 in the top bar: 客户列表, 图册 (ui/album/), 导出到本地 and 导入本地文件 (decisions in ui/scene/local-file.ts and
// ui/workspace/clients/). The less frequent scheme actions live here so the top bar fits 1280 px.
// Ark's menu gives the keyboard behaviour (Enter/Space/ArrowDown open, arrows move, Escape closes).

export function SceneMoreMenu() {
  const { t } = useLingui();
  const { status } = useKernel();
  const { busy } = useSnapshot(sceneSession);
  const { importing } = useSnapshot(localFileUi);
  const picker = useRef<HTMLInputElement>(null);
  const ready = status === 'ready';

  // The import's question lives as long as the menu that asked it.
  useEffect(() => () => answerImportPrompt('close'), []);

  return (
    <>
      <Menu.Root
        positioning={{ placement: 'bottom-end', gutter: 4 }}
        onSelect={({ value }) => {
          if (value === 'clients') openClientList();
          if (value === 'album') openAlbum();
          if (value === 'export') void requestExport();
          // The picker opens from the click's own task: browsers only allow it in a user gesture.
          if (value === 'import') picker.current?.click();
        }}
      >
        <Menu.Trigger className="button button--ghost" title={t`更多`} disabled={!ready} aria-busy={importing}>
          {importing ? <span className="scene-actions__spinner" aria-hidden="true" /> : <MoreIcon />}
          <span className="scene-actions__label--compact">
            <Trans>更多</Trans>
          </span>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content className="hp-select__content local-file-menu">
              <Menu.Item value="clients" className="hp-select__item local-file-menu__item">
                <ClientsIcon />
                <span>{t`客户列表`}</span>
              </Menu.Item>
              <Menu.Item value="album" className="hp-select__item local-file-menu__item">
                <AlbumIcon />
                <span>{t`图册`}</span>
              </Menu.Item>
              <Menu.Item value="export" className="hp-select__item local-file-menu__item" disabled={busy !== null}>
                <DownloadIcon />
                <span>{t`导出到本地`}</span>
              </Menu.Item>
              <Menu.Item value="import" className="hp-select__item local-file-menu__item" disabled={busy !== null}>
                <UploadIcon />
                <span>{t`导入本地文件`}</span>
              </Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <input
        ref={picker}
        type="file"
        accept={LOCAL_FILE_ACCEPT}
        hidden
        data-testid="local-file-input"
        aria-label={t`导入本地文件`}
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          // The same file picked again must fire another change.
          e.currentTarget.value = '';
          if (file) void requestImport(file);
        }}
      />
      <ImportPrompt />
      <AlbumHost />
    </>
  );
}

/** 保存提示 before an import replaces unsaved work: save then import, import without saving, or close. */
function ImportPrompt() {
  const { t } = useLingui();
  const { prompt } = useSnapshot(localFileUi);
  const name = prompt?.fileName ?? '';
  return (
    <SceneDialog
      open={prompt !== null}
      title={t`保存提示`}
      role="alertdialog"
      onClose={() => answerImportPrompt('close')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => answerImportPrompt('close')}>
            <Trans>关闭</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={() => answerImportPrompt('discard')}>
            <Trans>不保存</Trans>
          </button>
          <button type="button" className="button button--primary" onClick={() => answerImportPrompt('save')}>
            <Trans>保存</Trans>
          </button>
        </>
      }
    >
      <p className="scene-dialog__text">
        <Trans>导入「{name}」前，是否保存当前场景？不保存的修改将会丢失。</Trans>
      </p>
    </SceneDialog>
  );
}

const iconProps = { width: 16, height: 16, viewBox: '0 0 16 16', 'aria-hidden': true, fill: 'none', stroke: 'currentColor', strokeWidth: 1.5 } as const;

function MoreIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="3.5" cy="8" r="1" fill="currentColor" stroke="none" />
      <circle cx="8" cy="8" r="1" fill="currentColor" stroke="none" />
      <circle cx="12.5" cy="8" r="1" fill="currentColor" stroke="none" />
    </svg>
  );
}

function ClientsIcon() {
  return (
    <svg {...iconProps}>
      <circle cx="6.5" cy="5.5" r="2.5" />
      <path d="M2 13.25c.4-2.3 2.2-3.75 4.5-3.75s4.1 1.45 4.5 3.75" strokeLinecap="round" />
      <path d="M11 3.25a2.4 2.4 0 0 1 0 4.5M12.5 9.9c1 .6 1.6 1.9 1.75 3.35" strokeLinecap="round" />
    </svg>
  );
}

function AlbumIcon() {
  return (
    <svg {...iconProps}>
      <rect x="2" y="2.75" width="12" height="10.5" rx="1" />
      <path d="m2.5 11 3.25-3.25L8.5 10.5l2-2 3 3" strokeLinejoin="round" />
      <circle cx="10.75" cy="5.75" r="1" />
    </svg>
  );
}

function DownloadIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8 2.5v7.5M4.75 7 8 10.25 11.25 7M2.75 12.5h10.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function UploadIcon() {
  return (
    <svg {...iconProps}>
      <path d="M8 10.5V3M4.75 6.25 8 3l3.25 3.25M2.75 12.5h10.5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

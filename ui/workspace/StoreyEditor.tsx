import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import type { StoreySummary } from '../../protocol/snapshot';
import { useKernel } from '../kernel';
import { notify } from '../notice';
import { ConfirmDialog } from './ConfirmDialog';
import { NumberField } from './controls';
import { Icon } from './icons';
import { LIMITS, MAX_NAME_LENGTH } from './number-input';
import { send } from './panel-commands';

// 楼层 (StoreyEditor of catalogues.md §2): the storeys from the top floor down, the current one
// highlighted (only its walls are editable; the others show faded below). Add puts a storey on
// top, copy duplicates the current one on top; rename in place; delete asks first.

export function StoreyEditor() {
  const { t } = useLingui();
  const { storeys, currentStoreyId, status } = useKernel();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<StoreySummary | null>(null);
  const ordered = [...storeys].sort((a, b) => b.index - a.index);
  const current = storeys.find((s) => s.id === currentStoreyId) ?? null;
  const ready = status === 'ready';

  function askDelete(storey: StoreySummary) {
    if (storeys.length <= 1) {
      notify(t`至少需要保留一个楼层`, { kind: 'warning' });
      return;
    }
    setDeleting(storey);
  }

  async function add() {
    const added = await send('storey.add', {});
    if (added) await send('view.setStorey', { storeyId: added.id });
  }

  async function copy() {
    if (!current) return;
    const added = await send('storey.copy', { sourceId: current.id });
    if (added) await send('view.setStorey', { storeyId: added.id });
  }

  const deletingName = deleting?.name ?? '';
  return (
    <div className="hp-stack">
      {ordered.length === 0 ? (
        <p className="hp-empty">
          <Trans>暂无楼层</Trans>
        </p>
      ) : (
        <ul className="hp-storeys" aria-label={t`楼层列表`}>
          {ordered.map((storey) => {
            const isCurrent = storey.id === currentStoreyId;
            const elevation = (storey.elevation / 1000).toFixed(2);
            const storeyName = storey.name;
            return (
              <li key={storey.id} className="hp-storey" aria-current={isCurrent ? 'true' : undefined}>
                {renaming === storey.id ? (
                  <RenameBox storey={storey} onDone={() => setRenaming(null)} />
                ) : (
                  <button
                    type="button"
                    className="hp-storey__main"
                    aria-pressed={isCurrent}
                    onClick={() => void send('view.setStorey', { storeyId: storey.id })}
                  >
                    <span className="hp-storey__name">{storey.name}</span>
                    <span className="hp-storey__meta">
                      <Trans>标高 {elevation} m</Trans>
                    </span>
                  </button>
                )}
                <span className="hp-storey__actions">
                  <button type="button" className="icon-button hp-icon-button" aria-label={t`重命名 ${storeyName}`} title={t`重命名`} onClick={() => setRenaming(storey.id)}>
                    <Icon name="edit" size={16} />
                  </button>
                  <button type="button" className="icon-button hp-icon-button hp-icon-button--danger" aria-label={t`删除 ${storeyName}`} title={t`删除楼层`} onClick={() => askDelete(storey)}>
                    <Icon name="trash" size={16} />
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
      <div className="hp-actions">
        <button type="button" className="button button--secondary hp-action" disabled={!ready} onClick={() => void add()}>
          <Icon name="plus" size={16} />
          <Trans>添加楼层</Trans>
        </button>
        <button type="button" className="button button--secondary hp-action" disabled={!ready || !current} onClick={() => void copy()}>
          <Icon name="copy" size={16} />
          <Trans>复制当前层</Trans>
        </button>
      </div>
      {current ? (
        <div className="hp-form">
          <NumberField
            key={current.id}
            label={t`当前层高`}
            value={current.layerHeight}
            limits={LIMITS.layerHeight}
            onCommit={(layerHeight) => void send('storey.update', { id: current.id, layerHeight })}
          />
        </div>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t`删除楼层“${deletingName}”及其中的全部墙体、门窗和房间？`}
        confirmLabel={t`删除`}
        cancelLabel={t`取消`}
        onConfirm={() => {
          const target = deleting;
          setDeleting(null);
          if (target) void send('storey.remove', { id: target.id });
        }}
        onCancel={() => setDeleting(null)}
        tone="danger"
      />
    </div>
  );
}

function RenameBox({ storey, onDone }: { readonly storey: StoreySummary; readonly onDone: () => void }) {
  const { t } = useLingui();
  const [name, setName] = useState(storey.name);
  // Escape unmounts the box; a blur that may follow must not save what it held.
  const cancelled = useRef(false);
  function commit() {
    if (cancelled.current) return;
    cancelled.current = true;
    const next = name.trim();
    onDone();
    if (next && next !== storey.name) void send('storey.update', { id: storey.id, name: next });
  }
  return (
    <input
      className="hp-storey__rename"
      aria-label={t`楼层名称`}
      value={name}
      maxLength={MAX_NAME_LENGTH}
      // The box replaces the name the user just asked to edit, so it takes the focus.
      autoFocus
      onChange={(e) => setName(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
        else if (e.key === 'Escape') {
          cancelled.current = true;
          onDone();
        }
      }}
    />
  );
}

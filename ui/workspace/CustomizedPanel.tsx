import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import type { CommandArgs } from '../../protocol/commands';
import type { CabinetKind } from '../../protocol/cabinets';
import { showAuthorityTip, useAccess } from '../auth/access';
import { useKernel } from '../kernel';
import { notify } from '../notice';
import { useCabinetOptions } from './cabinet-options';
import { Icon } from './icons';
import { send } from './panel-commands';
import { PropertiesPanel } from './PropertiesPanel';
import './tile-panel.css';
import './cabinet-panel.css';

// The Customized menu (定制, catalogues.md §2): custom kitchen units and wardrobes. A unit goes
// against the selected wall (else against a wall of the storey's largest room), in its kind's
// standard sizes, and is selected so the properties below edit it; a selected wall can be filled
// with a run of standard-width units and a filler (cabinet.fillRun). Each is one undo step.

type Preset = { readonly key: string; readonly kind: CabinetKind; readonly args: Partial<CommandArgs<'cabinet.add'>> };

const KITCHEN: readonly Preset[] = [
  { key: 'base', kind: 'base', args: {} },
  { key: 'drawers', kind: 'base', args: { doorType: 'drawers', drawers: 3, shelves: 0 } },
  { key: 'wall', kind: 'wall', args: {} },
  { key: 'tall', kind: 'tall', args: {} },
  { key: 'corner', kind: 'cornerBase', args: {} },
];
const WARDROBE: readonly Preset[] = [
  { key: 'wardrobe', kind: 'wardrobe', args: {} },
  { key: 'sliding', kind: 'wardrobe', args: { width: 2400, doorType: 'sliding', doorPanels: 2, handleId: 'SLIDE', drawers: 2 } },
];
const RUNS = ['base', 'wall', 'wardrobe'] as const;
/** core.md §6: kitchen units need the cupboard module, wardrobes the wardrobe module. */
const RUN_FEATURE: Record<(typeof RUNS)[number], 'cupboard' | 'wardrobe'> = { base: 'cupboard', wall: 'cupboard', wardrobe: 'wardrobe' };

export function CustomizedPanel() {
  const { t } = useLingui();
  const { selected, counts } = useKernel();
  const o = useCabinetOptions();
  const [busy, setBusy] = useState(false);
  const access = useAccess();
  /** A tool of a missing module stays visible and gives the authority tip instead of running. */
  const gated = (feature: 'cupboard' | 'wardrobe', run: () => void) => (access.feature(feature) ? run : showAuthorityTip);
  const lockedFor = (feature: 'cupboard' | 'wardrobe') => (access.feature(feature) ? undefined : true);
  const wallId = selected?.kind === 'wall' ? selected.id : null;
  const labels: Record<string, string> = {
    base: t`单门地柜`,
    drawers: t`抽屉地柜`,
    wall: t`吊柜`,
    tall: t`高柜`,
    corner: t`转角地柜`,
    wardrobe: t`平开门衣柜`,
    sliding: t`趟门衣柜`,
  };

  async function add(p: Preset) {
    setBusy(true);
    try {
      const added = await send('cabinet.add', { cabinetKind: p.kind, ...p.args, ...(wallId ? { wallId } : {}) });
      if (!added) return;
      await send('selection.set', { ids: [added.id] });
      notify(t`已放置：${labels[p.key]}`, { kind: 'success', duration: 2000 });
    } finally {
      setBusy(false);
    }
  }

  async function fill(kind: (typeof RUNS)[number]) {
    if (!wallId) return;
    setBusy(true);
    try {
      const run = await send('cabinet.fillRun', { cabinetKind: kind, wallId, ...(kind === 'wardrobe' ? { doorType: 'double' as const } : {}) });
      if (!run) return;
      notify(t`已沿墙放置 ${run.ids.length} 个柜体`, { kind: 'success', duration: 2000 });
    } finally {
      setBusy(false);
    }
  }

  const cabinet = selected?.kind === 'cabinet';
  return (
    <aside className="side-panel hp tp cp" style={{ width: 376 }} aria-labelledby="customized-panel-title" data-cabinets={counts.cabinet ?? 0}>
      <header className="hp-header">
        <h1 className="hp-header__title" id="customized-panel-title">
          <Icon name="cabinet" size={20} />
          <span>{t`定制`}</span>
        </h1>
      </header>
      <div className="tp-content">
        <section className="tp-target" aria-label={t`放置位置`}>
          <p className="tp-target__what">{wallId ? <Trans>靠所选墙体放置</Trans> : <Trans>放置到当前楼层最大的房间，或先选中一面墙</Trans>}</p>
        </section>

        <h2 className="cp-heading">
          <Trans>橱柜</Trans>
        </h2>
        <div className="cp-grid">
          {KITCHEN.map((p) => (
            <button
              key={p.key}
              type="button"
              className="button button--secondary cp-unit"
              data-cabinet={p.key}
              data-locked={lockedFor('cupboard')}
              disabled={busy}
              onClick={gated('cupboard', () => void add(p))}
            >
              <Icon name="cabinet" size={18} />
              {labels[p.key]}
            </button>
          ))}
        </div>

        <h2 className="cp-heading">
          <Trans>衣柜</Trans>
        </h2>
        <div className="cp-grid">
          {WARDROBE.map((p) => (
            <button
              key={p.key}
              type="button"
              className="button button--secondary cp-unit"
              data-cabinet={p.key}
              data-locked={lockedFor('wardrobe')}
              disabled={busy}
              onClick={gated('wardrobe', () => void add(p))}
            >
              <Icon name="cabinet" size={18} />
              {labels[p.key]}
            </button>
          ))}
        </div>

        <h2 className="cp-heading">
          <Trans>沿墙布满</Trans>
        </h2>
        <p className="hp-hint">{wallId ? <Trans>用标准宽度的柜体排满所选墙体，余量用调整板补齐。</Trans> : <Trans>先选中一面墙。</Trans>}</p>
        <div className="cp-grid" role="group" aria-label={t`沿墙布满`}>
          {RUNS.map((kind) => (
            <button
              key={kind}
              type="button"
              className="button button--secondary cp-unit"
              data-run={kind}
              data-locked={lockedFor(RUN_FEATURE[kind])}
              disabled={busy || !wallId}
              onClick={gated(RUN_FEATURE[kind], () => void fill(kind))}
            >
              {o.kindName(kind)}
            </button>
          ))}
        </div>

        <h2 className="cp-heading">
          <Trans>报价</Trans>
        </h2>
        <Link to="/quoteDetails" className="button button--primary button--block">
          <Trans>查看报价</Trans>
        </Link>
        <Link to="/quotationIntegration" className="button button--secondary button--block">
          <Trans>整体报价（含门、墙板、瓷砖）</Trans>
        </Link>

        {cabinet ? (
          <section className="tp-target" aria-label={t`所选柜体`}>
            <PropertiesPanel />
          </section>
        ) : null}
      </div>
    </aside>
  );
}

import { Tabs } from '@ark-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { OpeningKind, OpeningToolParams } from '../../protocol/records';
import { useKernel } from '../kernel';
import { notify } from '../notice';
import { NumberField } from './controls';
import { OpeningIcon } from './icons';
import { OPENING_DATA_FAILURE } from './kernel-notices';
import { LIMITS } from './number-input';
import { OPENING_GROUPS, isOpeningKind, openingKindInfo, type OpeningFamily } from './opening-kinds';
import { send } from './panel-commands';

// 门窗: the door and window palette. Picking a kind arms the opening tool (the kernel fills in the
// kind's default size); a click on a wall in the plan then places it. Picking the armed kind again
// puts the tool down.

function setOpening(opening: Partial<OpeningToolParams>) {
  void send('tool.set', { opening });
}

export function OpeningPalette() {
  const { t, i18n } = useLingui();
  const { tool, status } = useKernel();
  const armed = tool.name === 'opening' ? tool.opening.kind : null;
  const armedName = armed === null ? '' : i18n._(openingKindInfo(armed).name);
  const [family, setFamily] = useState<OpeningFamily>(() => (armed === null ? 'door' : openingKindInfo(armed).family));

  function pick(kind: OpeningKind) {
    if (!isOpeningKind(kind)) {
      notify(i18n._(OPENING_DATA_FAILURE), { kind: 'error' });
      return;
    }
    if (armed === kind) void send('tool.set', { tool: 'select' });
    else void send('tool.set', { tool: 'opening', opening: { kind } });
  }

  return (
    <div className="hp-stack">
      <Tabs.Root value={family} onValueChange={(d) => setFamily(d.value as OpeningFamily)} className="hp-tabs">
        <Tabs.List className="hp-tabs__list" aria-label={t`门窗分类`}>
          {OPENING_GROUPS.map((g) => (
            <Tabs.Trigger key={g.family} value={g.family} className="hp-tabs__trigger">
              {i18n._(g.label)}
            </Tabs.Trigger>
          ))}
          <Tabs.Indicator className="hp-tabs__indicator" />
        </Tabs.List>
        {OPENING_GROUPS.map((g) => (
          <Tabs.Content key={g.family} value={g.family} className="hp-palette">
            {g.kinds.map((kind) => {
              const name = i18n._(openingKindInfo(kind).name);
              return (
                <button
                  key={kind}
                  type="button"
                  className="hp-palette__item"
                  aria-pressed={armed === kind}
                  disabled={status !== 'ready'}
                  title={name}
                  onClick={() => pick(kind)}
                >
                  <span className="hp-palette__icon">
                    <OpeningIcon kind={kind} />
                  </span>
                  <span className="hp-palette__name">{name}</span>
                </button>
              );
            })}
          </Tabs.Content>
        ))}
      </Tabs.Root>

      {armed !== null ? (
        <div className="hp-armed">
          <p className="hp-hint hp-hint--block">
            <Trans>将鼠标移到墙上，单击放置{armedName}；Esc 退出。</Trans>
          </p>
          <div className="hp-form hp-form--3">
            <NumberField label={t`宽度`} value={tool.opening.width} limits={LIMITS.openingWidth} onCommit={(width) => setOpening({ width })} />
            <NumberField label={t`高度`} value={tool.opening.height} limits={LIMITS.openingHeight} onCommit={(height) => setOpening({ height })} />
            <NumberField label={t`离地`} value={tool.opening.elevation} limits={LIMITS.elevation} onCommit={(elevation) => setOpening({ elevation })} />
          </div>
        </div>
      ) : null}
    </div>
  );
}

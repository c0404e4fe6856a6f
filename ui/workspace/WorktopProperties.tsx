import { useLingui } from '@lingui/react/macro';
import { BACKSPLASH_LIMITS, kitchenAppliance, type AppliancePlace, type CabinetFitting, type SinkType, type WorktopChoice } from '../../protocol/cabinets';
import type { SelectedDetail } from '../../protocol/snapshot';
import { NumberField, SelectField, SwitchField } from './controls';
import { send } from './panel-commands';

// 台面 in a base unit's properties: the worktop over its run (material, backsplash: one
// cabinet.setWorktop for every unit of the worktop), and what is set into it over this unit (a sink
// or hob, with the appliances that go with them: one cabinet.update). Each change is one undo step;
// what the kernel refuses (a hob's cut-out wider than the unit) is told by the kernel notices.

type Cabinet = Extract<SelectedDetail, { kind: 'cabinet' }>;

const HOB = 'FT-HOB-TH33B';
const HOOD = 'FT-HOOD-JQ26TS';
const SINK_DISHWASHER = 'FT-DISH-X9';

/** The unit's appliances without those the old fitting needed (a hob's, a sink's), then `add`. */
function appliancesFor(current: readonly string[], fitting: CabinetFitting, add: readonly string[]): string[] {
  const needs: Partial<Record<AppliancePlace, CabinetFitting>> = { hob: 'hob', hood: 'hob', sink: 'sink' };
  const kept = current.filter((code) => {
    const place = kitchenAppliance(code)?.place;
    const need = place ? needs[place] : undefined;
    return need === undefined || need === fitting;
  });
  return [...kept, ...add.filter((code) => !kept.includes(code))];
}

export function WorktopProperties({ cabinet }: { readonly cabinet: Cabinet }) {
  const { t } = useLingui();
  // What its run's worktop is (a unit that says nothing follows the others); 'none' its own choice.
  const material: WorktopChoice = cabinet.worktopMaterial === 'none' ? 'none' : (cabinet.worktop?.material ?? cabinet.worktopMaterial ?? 'quartz');
  const backsplash = cabinet.worktop?.backsplash ?? cabinet.backsplash ?? 0;
  const fitting = cabinet.fitting ?? 'none';
  const appliances = cabinet.appliances ?? [];
  const setWorktop = (change: { worktopMaterial?: WorktopChoice; backsplash?: number }) => void send('cabinet.setWorktop', { id: cabinet.id, ...change });
  const update = (change: { fitting?: CabinetFitting; sinkType?: SinkType; appliances?: string[] }) => void send('cabinet.update', { id: cabinet.id, ...change });
  const toggle = (code: string, on: boolean) => update({ appliances: on ? [...appliances.filter((a) => a !== code), code] : appliances.filter((a) => a !== code) });

  const materials: { value: WorktopChoice; label: string }[] = [
    { value: 'quartz', label: t`石英石` },
    { value: 'sinteredStone', label: t`岩板` },
    { value: 'stainless', label: t`不锈钢` },
    { value: 'none', label: t`无台面` },
  ];
  const fittings: { value: CabinetFitting; label: string }[] = [
    { value: 'none', label: t`无` },
    { value: 'sink', label: t`水槽` },
    { value: 'hob', label: t`灶具` },
  ];
  const sinks: { value: SinkType; label: string }[] = [
    { value: 'single', label: t`单槽` },
    { value: 'double', label: t`双槽` },
  ];

  return (
    <div className="hp-form" data-testid="worktop-properties">
      <SelectField label={t`台面材质`} value={material} options={materials} onChange={(worktopMaterial) => setWorktop({ worktopMaterial })} />
      {material === 'none' ? null : (
        <>
          <SwitchField label={t`后挡水`} checked={backsplash > 0} onChange={(on) => setWorktop({ backsplash: on ? BACKSPLASH_LIMITS.standard : 0 })} />
          {backsplash > 0 ? (
            <NumberField label={t`挡水高度`} value={backsplash} limits={{ min: BACKSPLASH_LIMITS.min, max: BACKSPLASH_LIMITS.max }} onCommit={(height) => setWorktop({ backsplash: height })} />
          ) : null}
          {cabinet.cabinetKind === 'base' ? (
            <>
              <SelectField
                label={t`台面开孔`}
                value={fitting}
                options={fittings}
                onChange={(next) => update({ fitting: next, appliances: appliancesFor(appliances, next, next === 'hob' ? [HOB, HOOD] : []) })}
              />
              {fitting === 'sink' ? (
                <>
                  <SelectField label={t`水槽`} value={cabinet.sinkType ?? 'single'} options={sinks} onChange={(sinkType) => update({ sinkType })} />
                  <SwitchField label={t`方太水槽洗碗机`} checked={appliances.includes(SINK_DISHWASHER)} onChange={(on) => toggle(SINK_DISHWASHER, on)} />
                </>
              ) : null}
              {fitting === 'hob' ? (
                <>
                  <SwitchField label={t`方太燃气灶`} checked={appliances.includes(HOB)} onChange={(on) => toggle(HOB, on)} />
                  <SwitchField label={t`方太吸油烟机`} checked={appliances.includes(HOOD)} onChange={(on) => toggle(HOOD, on)} />
                </>
              ) : null}
            </>
          ) : null}
        </>
      )}
    </div>
  );
}

import type { RecordType, SceneRecord } from '../../protocol/records';
import { ensureMeta, getMeta } from '../document/session-records';
import type { Transaction } from '../document/store';
import { reconcileStorey, type ReconcileResult } from './reconcile';

// Declared upkeep: the records derived from others (a storey's rooms and split walls from its
// walls, meta.roomType from the rooms) are kept right by one pass over what a command touched,
// not by each command remembering to call reconcile. In the spirit of tldraw's StoreSideEffects /
// BindingUtil.onOperationComplete: rules say which record types they follow, and the pass runs
// those whose types were added, changed or removed since the last pass.
//
// Where the pass runs (kernel.ts) and where it must not:
// - After every command, inside its transaction and before repairSession: a command cannot
//   forget it, and a refusal it throws (OpeningRefused) rolls the command back under the
//   command's name. A batch entry is a command: each entry ends settled, so the next one sees
//   the rooms and wall pieces the previous one made, as if they had been sent one by one.
// - A command that needs the pass's result inside itself (plan.build: the pieces and the rooms;
//   wall.add: whether its wall survived; the default room: whether its room was detected) calls
//   `context.settle()`: the same pass, run early. Each touched record is seen by one pass only
//   (Transaction.takeTouched), so the pass after the command then finds nothing left to do.
// - Not for undo, redo or bail: a history step restores the derived records together with the
//   records they came from (the diff recorded them both), and recomputing them could differ from
//   what was recorded (fresh ids) and break redo.
// - Not for kernel.transact (a load, a backup restore, a migration, the tools' session state, a
//   test's raw records): those write whole states whose derived records come with them; a file is
//   shown as it was saved, not re-derived.

/**
 * The records written or removed since the last pass, in the order first touched, each with the
 * record it was before (undefined: added); what it is now is `tx.get(id)`.
 */
export type Touched = ReadonlyMap<string, SceneRecord | undefined>;

/** What a command may tell the pass it runs early (context.settle). */
export interface SettleOptions {
  /** Storeys to reconcile even when none of their walls were touched (plan.build's openings on existing walls). */
  readonly storeys?: readonly string[];
  /**
   * Storeys the command wrote with their derived records already right (storey.copy: copies of a
   * settled storey's walls and rooms): their walls are not reconciled again, which would also
   * drop free-standing rooms the copy keeps.
   */
  readonly copied?: readonly string[];
}

/** What the pass did: the reconcile of each storey it brought up to date (plan.build returns its pieces and rooms). */
export interface UpkeepReport {
  readonly reconciled: ReadonlyMap<string, ReconcileResult>;
}

export interface UpkeepRule {
  /** What it keeps right (messages, docs). */
  readonly name: string;
  /** It runs when a record of one of these types was added, changed or removed since the last pass. */
  readonly follows: readonly RecordType[];
  /** Due even when none of its types were touched: a command asked for it (context.settle's options). */
  readonly requested?: (options: SettleOptions) => boolean;
  run(tx: Transaction, touched: Touched, options: SettleOptions, report: Map<string, ReconcileResult>): void;
}

/**
 * A storey's walls were added, moved, resized or removed: reconcile it (crossings split, rooms
 * re-detected, the openings the change affects checked). The walls the command wrote go to the
 * reconcile as `changed` in the order it wrote them (later walls give way to older ones); the
 * openings it added are checked against the others on their wall. A wall that moved to another
 * storey reconciles both, the one it left first.
 */
export const roomsFollowWalls: UpkeepRule = {
  name: 'rooms and wall pieces follow the walls',
  follows: ['wall'],
  requested: (options) => (options.storeys?.length ?? 0) > 0,
  run(tx, touched, options, report) {
    const storeys: string[] = [];
    const perStorey = new Map<string, { changed: string[]; check: Set<string>; newOpenings: string[] }>();
    const of = (storeyId: string) => {
      let entry = perStorey.get(storeyId);
      if (!entry) {
        perStorey.set(storeyId, (entry = { changed: [], check: new Set(), newOpenings: [] }));
        storeys.push(storeyId);
      }
      return entry;
    };
    for (const [id, before] of touched) {
      if (before?.type === 'wall') of(before.storeyId);
      const after = tx.get(id);
      if (after?.type === 'wall') of(after.storeyId).changed.push(id);
    }
    for (const storeyId of options.storeys ?? []) of(storeyId);
    for (const [id, before] of touched) {
      const after = before ? undefined : tx.get(id);
      if (after?.type !== 'opening') continue;
      const wall = tx.getOfType(after.wallId, 'wall');
      const entry = wall && perStorey.get(wall.storeyId);
      if (!entry) continue;
      // The walls the command wrote are checked as changed ones; the others it put openings on
      // are named (plan.build's openings on existing walls).
      if (!touched.has(wall.id)) entry.check.add(wall.id);
      entry.newOpenings.push(id);
    }
    const copied = new Set(options.copied);
    for (const storeyId of storeys) {
      // A storey removed in the same command took its rooms along.
      if (copied.has(storeyId) || !tx.getOfType(storeyId, 'storey')) continue;
      const { changed, check, newOpenings } = perStorey.get(storeyId)!;
      report.set(storeyId, reconcileStorey(tx, storeyId, { changed, check: [...check], newOpenings }));
    }
  },
};

/**
 * Rooms were added, changed or removed: meta.roomType follows them (core.md §3): 100 with several,
 * else the one room's type, else 0. O(1) (countOf) however many rooms a batch renames.
 */
export const metaFollowsRooms: UpkeepRule = {
  name: 'meta.roomType follows the rooms',
  follows: ['room'],
  run(tx) {
    const count = tx.countOf('room');
    const roomType = count > 1 ? 100 : count === 1 ? tx.ofType('room')[0]!.roomType : 0;
    const meta = getMeta(tx);
    if (meta ? meta.roomType === roomType : roomType === 0) return;
    tx.put({ ...(meta ?? ensureMeta(tx)), roomType });
  },
};

/** The rules in the order they run: a later rule sees what an earlier one wrote (the rooms a reconcile made). */
export const UPKEEP_RULES: readonly UpkeepRule[] = [roomsFollowWalls, metaFollowsRooms];

/**
 * The upkeep pass: runs each rule whose types were touched since the last pass, over what was
 * touched; a rule's own writes are handed to the rules after it, never back to itself (a
 * reconcile's pieces are settled by construction).
 */
export function settle(tx: Transaction, rules: readonly UpkeepRule[] = UPKEEP_RULES, options: SettleOptions = NO_OPTIONS): UpkeepReport {
  // Runs after every command (a batch of 1,600 renames: 1,600 times), so it allocates little.
  let touched = tx.takeTouched();
  if (touched.size === 0 && options === NO_OPTIONS) return NOTHING_DONE;
  let reconciled: Map<string, ReconcileResult> | null = null;
  for (const rule of rules) {
    if (isDue(tx, rule, touched, options)) rule.run(tx, touched, options, (reconciled ??= new Map()));
    // What this rule wrote reaches the rules after it as touched too (the rooms a reconcile made).
    const wrote = tx.takeTouched();
    if (wrote.size > 0) {
      const merged = new Map(touched);
      for (const [id, before] of wrote) if (!merged.has(id)) merged.set(id, before);
      touched = merged;
    }
  }
  return reconciled ? { reconciled } : NOTHING_DONE;
}

const NO_OPTIONS: SettleOptions = {};
const NOTHING_DONE: UpkeepReport = { reconciled: new Map() };

function isDue(tx: Transaction, rule: UpkeepRule, touched: Touched, options: SettleOptions): boolean {
  if (rule.requested?.(options)) return true;
  for (const [id, before] of touched) {
    if (before && rule.follows.includes(before.type)) return true;
    const after = tx.get(id);
    if (after && rule.follows.includes(after.type)) return true;
  }
  return false;
}

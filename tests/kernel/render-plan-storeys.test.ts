import { describe, expect, it } from 'vitest';
import { graphStats } from '../../kernel-worker/geometry/graph-cache';
import { drawPlan, type PlanDrawing } from '../../kernel-worker/render/plan-drawing';
import { TestKernel } from './test-kernel';

// The plan of a storey is drawn over the walls of the storey right below it (faded): a redraw (a
// zoom, a hover, an edit of the storey shown) must not rebuild the lower storey's wall graph, and
// its cost does not grow with the number of storeys below (issue 12).

const STOREYS = 10;
const REDRAWS = 6;

/** Ten storeys of the default room (four walls each); returns the kernel and the storeys' ids, lowest first. */
function tower() {
  const k = new TestKernel();
  const ids: string[] = [];
  for (let i = 0; i < STOREYS; i++) {
    const { id } = k.exec('storey.add', { name: `${i + 1}F` });
    k.exec('view.setStorey', { storeyId: id });
    k.exec('scene.createDefaultRoom', {});
    ids.push(id);
  }
  return { k, ids };
}

const lowerWalls = (d: PlanDrawing) => d.fills.filter((f) => f.role === 'lower-wall');

/** Graphs built by REDRAWS redraws of storey `storeyId` at alternating zooms, after a first draw. */
function buildsOverRedraws(k: TestKernel, storeyId: string, edit?: () => void): { builds: number; drawing: PlanDrawing } {
  k.exec('view.setStorey', { storeyId });
  let drawing = drawPlan(k.kernel.records, { pxPerMm: 0.1 });
  const before = graphStats.built;
  for (let i = 0; i < REDRAWS; i++) {
    edit?.();
    drawing = drawPlan(k.kernel.records, { pxPerMm: i % 2 ? 0.1 : 0.05 });
  }
  return { builds: graphStats.built - before, drawing };
}

describe('plan redraw over many storeys', () => {
  it('rebuilds no lower storey on a redraw, with one storey below or nine', () => {
    const { k, ids } = tower();
    const second = buildsOverRedraws(k, ids[1]!);
    const top = buildsOverRedraws(k, ids[STOREYS - 1]!);
    // The storey right below, faded, whichever storey is shown.
    expect(lowerWalls(second.drawing)).toHaveLength(4);
    expect(lowerWalls(top.drawing)).toHaveLength(4);
    const storeyOf = (id: string | null) => k.ofType('wall').find((w) => w.id === id)?.storeyId;
    expect(new Set(lowerWalls(top.drawing).map((f) => storeyOf(f.id)))).toEqual(new Set([ids[STOREYS - 2]]));
    expect(top.builds).toBe(second.builds);
    expect(top.builds).toBe(0);
  });

  it('rebuilds no lower storey when the storey shown is edited between redraws', () => {
    const { k, ids } = tower();
    const wallOn = (storeyId: string) => k.ofType('wall').find((w) => w.storeyId === storeyId && w.id.endsWith('default-wall-east'))!.id;
    const nudge = (storeyId: string) => () => k.exec('wall.move', { id: wallOn(storeyId), by: { x: 10, y: 0 } });
    const second = buildsOverRedraws(k, ids[1]!, nudge(ids[1]!));
    const top = buildsOverRedraws(k, ids[STOREYS - 1]!, nudge(ids[STOREYS - 1]!));
    expect(lowerWalls(top.drawing)).toHaveLength(4);
    expect(top.builds).toBe(second.builds);
    expect(top.builds).toBe(0);
  });
});

import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import { useEffect, useState } from 'react';
import type { CatalogueMaterial } from '../../../api';
import type { AppliedMaterial } from '../../../protocol/records';

// A model's parts, as material.apply names them: the materials of its GLB (the furniture
// generators write one primitive per material, named <role>_<finish>: fabric_linen, wood_oak …).
// The file is read here from its JSON chunk only; the browser has it cached (immutable URL) since
// the worker loaded it to draw the model.

const names = new Map<string, Promise<string[]>>();

/** The material names in a GLB's JSON chunk, in file order. */
export function glbMaterialNames(bytes: ArrayBuffer): string[] {
  const view = new DataView(bytes);
  if (bytes.byteLength < 20 || view.getUint32(0, true) !== 0x46546c67) throw new Error('not a GLB file');
  const length = view.getUint32(12, true);
  if (view.getUint32(16, true) !== 0x4e4f534a) throw new Error('the GLB has no JSON chunk first');
  const json = JSON.parse(new TextDecoder().decode(new Uint8Array(bytes, 20, length))) as { materials?: { name?: unknown }[] };
  return (json.materials ?? []).map((m, i) => (typeof m.name === 'string' && m.name ? m.name : `material_${i}`));
}

export function loadModelParts(url: string): Promise<string[]> {
  let p = names.get(url);
  if (!p) {
    p = fetch(url)
      .then((r) => {
        if (!r.ok) throw new Error(`HTTP ${r.status}`);
        return r.arrayBuffer();
      })
      .then(glbMaterialNames);
    // a failed read may be retried by the next selection
    p.catch(() => names.delete(url));
    names.set(url, p);
  }
  return p;
}

export type PartsLoad = { state: 'none' } | { state: 'loading' } | { state: 'error' } | { state: 'done'; parts: readonly string[] };

export function useModelParts(url: string | null): PartsLoad {
  const [answer, setAnswer] = useState<{ url: string; load: PartsLoad } | null>(null);
  useEffect(() => {
    if (!url) return;
    let live = true;
    loadModelParts(url).then(
      (parts) => live && setAnswer({ url, load: { state: 'done', parts } }),
      () => live && setAnswer({ url, load: { state: 'error' } }),
    );
    return () => {
      live = false;
    };
  }, [url]);
  if (!url) return { state: 'none' };
  return answer?.url === url ? answer.load : { state: 'loading' };
}

const ROLES: Readonly<Record<string, MessageDescriptor>> = {
  fabric: msg`布艺`,
  leather: msg`皮革`,
  wood: msg`木材`,
  lacquer: msg`烤漆`,
  marble: msg`石材`,
  stone: msg`石材`,
  metal: msg`金属`,
  glass: msg`玻璃`,
  mirror: msg`镜面`,
  ceramic: msg`陶瓷`,
  enamel: msg`搪瓷`,
  plastic: msg`塑料`,
  rubber: msg`橡胶`,
  rug: msg`地毯`,
  shade: msg`灯罩`,
  bulb: msg`灯泡`,
  leaf: msg`叶片`,
  soil: msg`土壤`,
  screen: msg`屏幕`,
  canvas: msg`画布`,
  books: msg`书本`,
};

/** What a designer reads for a part: its role (布艺, 木材 …), numbered where a model has several of one role. */
export function partLabels(parts: readonly string[], translate: (d: MessageDescriptor) => string): Map<string, string> {
  const roleOf = (p: string) => {
    const d = ROLES[p.split('_')[0]!.toLowerCase()];
    return d ? translate(d) : p;
  };
  const counts = new Map<string, number>();
  for (const p of parts) counts.set(roleOf(p), (counts.get(roleOf(p)) ?? 0) + 1);
  const seen = new Map<string, number>();
  const out = new Map<string, string>();
  for (const p of parts) {
    const role = roleOf(p);
    const n = (seen.get(role) ?? 0) + 1;
    seen.set(role, n);
    out.set(p, (counts.get(role) ?? 0) > 1 ? `${role} ${n}` : role);
  }
  return out;
}

/** What a record embeds of a library material (protocol AppliedMaterial). */
export function appliedOf(m: CatalogueMaterial, name: string): AppliedMaterial {
  return {
    id: m.id,
    materialId: m.material_id,
    name: name.slice(0, 200),
    color: m.colour,
    roughness: m.roughness,
    metalness: m.metalness,
    ...(m.opacity < 1 ? { opacity: m.opacity } : {}),
    ...(m.map_url ? { map: m.map_url } : {}),
    ...(m.normal_url ? { normalMap: m.normal_url } : {}),
    tileSize: m.tile_mm,
  };
}

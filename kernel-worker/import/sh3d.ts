// Sweet Home 3D (.sh3d) to an ImportedPlan. A .sh3d file is a zip; since version 5.3 it holds
// Home.xml (the SweetHome3D.dtd document) beside the serialised Java home, and that is what this
// reads: levels, walls (centre lines in centimetres, y pointing south as on screen), rooms (named
// polygons) and doors and windows (pieces of furniture with a centre, an angle and a size).
// Workers have no DOMParser, and Home.xml is flat attribute-only markup, so a small tag reader
// does; the zip goes through fflate.
import { unzipSync } from 'fflate';
import type { PlanOpeningInput, PlanWallInput } from '../../protocol/commands';
import { PlanImportError, type ImportedPlan, type ImportedRoom, type ImportedStorey, type PlanImportSkip, type PlanImportSkipReason } from '../../protocol/plan-import';
import type { OpeningKind, Vec2 } from '../../protocol/records';
import { pointInRing, ringLabelPoint } from '../geometry/polygon';
import { alongAndOff } from './fit';
import { roomTypeFromName } from './room-type-guess';

interface XmlElement {
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlElement[];
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-fA-F]+|#[0-9]+|[a-z]+);/g, (whole, e: string) => {
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? whole;
  });
}

/** Elements and attributes of an XML document (text, comments, doctype and instructions skipped). */
export function parseXml(xml: string): XmlElement {
  const root: XmlElement = { name: '#document', attrs: {}, children: [] };
  const stack: XmlElement[] = [root];
  const tag = /<(\/?)([A-Za-z_][\w.:-]*)((?:\s+[\w.:-]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]|\[[\s\S]*?\])*>|<!\[CDATA\[[\s\S]*?\]\]>/g;
  const attr = /([\w.:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
  for (let m = tag.exec(xml); m; m = tag.exec(xml)) {
    if (m[2] === undefined) continue;
    const [, closing, name, attrText, selfClosing] = m;
    if (closing) {
      if (stack.length > 1 && stack[stack.length - 1]!.name === name) stack.pop();
      else throw new PlanImportError('damaged', `unexpected </${name}>`);
      continue;
    }
    const attrs: Record<string, string> = {};
    for (let a = attr.exec(attrText ?? ''); a; a = attr.exec(attrText ?? '')) attrs[a[1]!] = decodeEntities(a[2] ?? a[3] ?? '');
    attr.lastIndex = 0;
    const element: XmlElement = { name: name!, attrs, children: [] };
    stack[stack.length - 1]!.children.push(element);
    if (!selfClosing) stack.push(element);
  }
  if (stack.length !== 1) throw new PlanImportError('damaged', `<${stack[stack.length - 1]!.name}> is not closed`);
  return root;
}

const CM = 10;
const round = (v: number) => Math.round(v * 10) / 10;

function numAttr(e: XmlElement, key: string): number | null {
  const raw = e.attrs[key];
  if (raw === undefined || raw.trim() === '') return null;
  const n = Number(raw);
  return Number.isFinite(n) ? n : null;
}

/** SH3D's plan has y pointing down the screen (south): the product's points north. */
const pt = (x: number, y: number): Vec2 => ({ x: x * CM, y: -y * CM || 0 });

function openingKind(piece: XmlElement): OpeningKind {
  const words = `${piece.attrs.catalogId ?? ''} ${piece.attrs.name ?? ''} ${piece.attrs.creator ?? ''}`.toLowerCase();
  if (/window|fenster|fenêtre|fenetre|窗/.test(words) && !/french|balcony|door/.test(words)) return 0 as OpeningKind;
  if (/sliding|schiebe|移门|推拉/.test(words)) return 3 as OpeningKind;
  if (/folding|falt|折叠/.test(words)) return 4 as OpeningKind;
  if (/double|doppel|双开|french/.test(words)) return 2 as OpeningKind;
  if (/window|fenster|窗/.test(words)) return 0 as OpeningKind;
  return 1 as OpeningKind;
}

export function readSh3d(bytes: Uint8Array): ImportedPlan {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, { filter: (f) => f.name === 'Home.xml' });
  } catch (e) {
    throw new PlanImportError('damaged', `not a zip: ${e instanceof Error ? e.message : String(e)}`);
  }
  const homeXml = files['Home.xml'];
  // Files saved by Sweet Home 3D before 5.3 hold only the serialised Java home.
  if (!homeXml) throw new PlanImportError('unsupportedSchema', 'no Home.xml (saved by Sweet Home 3D older than 5.3)');
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(homeXml);
  } catch {
    throw new PlanImportError('damaged', 'Home.xml is not UTF-8');
  }
  const doc = parseXml(xml);
  const home = doc.children.find((e) => e.name === 'home');
  if (!home) throw new PlanImportError('damaged', 'Home.xml has no <home>');
  const defaultWallHeight = (numAttr(home, 'wallHeight') ?? 250) * CM;

  const skipped = new Map<string, PlanImportSkip & { count: number }>();
  const skip = (reason: PlanImportSkipReason, element: string) => {
    const key = `${reason}/${element}`;
    const entry = skipped.get(key) ?? { reason, element, count: 0 };
    skipped.set(key, { ...entry, count: entry.count + 1 });
  };

  // Levels (none: the whole home is one storey). Pieces of furniture may sit in groups.
  const levels = home.children
    .filter((e) => e.name === 'level')
    .map((e) => ({
      id: e.attrs.id ?? '',
      name: e.attrs.name ?? '',
      elevation: (numAttr(e, 'elevation') ?? 0) * CM,
      height: (numAttr(e, 'height') ?? numAttr(home, 'wallHeight') ?? 250) * CM,
      order: numAttr(e, 'elevationIndex') ?? 0,
      viewable: e.attrs.viewable !== 'false',
    }))
    .sort((a, b) => a.elevation - b.elevation || a.order - b.order);
  const levelKeys = levels.length > 0 ? levels.map((l) => l.id) : [''];
  const levelOf = (e: XmlElement) => (levels.length > 0 ? (e.attrs.level ?? levels[0]!.id) : '');

  const pieces: XmlElement[] = [];
  const collect = (parent: XmlElement) => {
    for (const e of parent.children) {
      if (e.name === 'furnitureGroup') collect(e);
      else if (e.name === 'doorOrWindow' || e.name === 'pieceOfFurniture') pieces.push(e);
    }
  };
  collect(home);

  const storeys: ImportedStorey[] = [];
  levelKeys.forEach((levelId, i) => {
    const level = levels[i];
    const elevation = level?.elevation ?? 0;
    const walls: PlanWallInput[] = [];
    for (const e of home.children.filter((c) => c.name === 'wall' && levelOf(c) === levelId)) {
      const xs = numAttr(e, 'xStart');
      const ys = numAttr(e, 'yStart');
      const xe = numAttr(e, 'xEnd');
      const ye = numAttr(e, 'yEnd');
      const thickness = (numAttr(e, 'thickness') ?? 0) * CM;
      if (xs === null || ys === null || xe === null || ye === null) {
        skip('noGeometry', 'wall');
        continue;
      }
      if (numAttr(e, 'arcExtent')) {
        skip('wallNotStraight', 'wall');
        continue;
      }
      const start = pt(xs, ys);
      const end = pt(xe, ye);
      if (thickness < 10 || Math.hypot(end.x - start.x, end.y - start.y) < 10) {
        skip('wallTooSmall', 'wall');
        continue;
      }
      const height = (numAttr(e, 'height') ?? (level ? level.height / CM : null) ?? defaultWallHeight / CM) * CM;
      walls.push({ start: { x: round(start.x), y: round(start.y) }, end: { x: round(end.x), y: round(end.y) }, thickness: round(thickness), height: round(height) });
    }

    const openings: PlanOpeningInput[] = [];
    for (const piece of pieces.filter((p) => levelOf(p) === levelId)) {
      const isOpening = piece.name === 'doorOrWindow' || piece.attrs.doorOrWindow === 'true';
      if (!isOpening) {
        skip('unsupportedElement', 'pieceOfFurniture');
        continue;
      }
      const x = numAttr(piece, 'x');
      const y = numAttr(piece, 'y');
      const width = (numAttr(piece, 'width') ?? 0) * CM;
      const height = (numAttr(piece, 'height') ?? 0) * CM;
      if (x === null || y === null || !(width > 0) || !(height > 0)) {
        skip('noGeometry', 'doorOrWindow');
        continue;
      }
      const centre = pt(x, y);
      let host = -1;
      let bestOff = Infinity;
      walls.forEach((wall, w) => {
        const { along, off, length } = alongAndOff(centre, wall.start, wall.end);
        if (along < 0 || along > length) return;
        // A door's depth may sit off the centre line: within the wall's faces plus its own depth.
        const depth = (numAttr(piece, 'depth') ?? 0) * CM;
        if (off <= (wall.thickness ?? 0) / 2 + depth / 2 + 50 && off < bestOff) {
          bestOff = off;
          host = w;
        }
      });
      if (host < 0) {
        skip('openingWithoutWall', 'doorOrWindow');
        continue;
      }
      const wall = walls[host]!;
      const { along } = alongAndOff(centre, wall.start, wall.end);
      const kind = openingKind(piece);
      const sill = Math.max(0, (numAttr(piece, 'elevation') ?? 0) * CM);
      openings.push({ wall: host, kind, offset: round(along), width: round(width), height: round(height), elevation: round(kind === 0 ? sill : sill < 50 ? 0 : sill) });
    }

    const rooms: ImportedRoom[] = [];
    for (const e of home.children.filter((c) => c.name === 'room' && levelOf(c) === levelId)) {
      const ring = e.children
        .filter((c) => c.name === 'point')
        .map((c) => pt(numAttr(c, 'x') ?? NaN, numAttr(c, 'y') ?? NaN))
        .filter((p) => Number.isFinite(p.x) && Number.isFinite(p.y));
      const inside = ring.length >= 3 ? ringLabelPoint(ring) : null;
      const at = inside && pointInRing(inside, ring) ? inside : null;
      const name = (e.attrs.name ?? '').trim();
      if (!at || !name) continue;
      rooms.push({ at: { x: round(at.x), y: round(at.y) }, name, roomType: roomTypeFromName(name) });
    }

    const storeyName = level?.name ?? '';
    if (walls.length === 0) {
      if (levels.length > 0) skip('emptyStorey', storeyName || 'level');
      return;
    }
    const next = levels.slice(i + 1).find((l) => l.elevation > elevation + 1000);
    const tallest = Math.max(...walls.map((w) => w.height ?? 0));
    storeys.push({
      name: storeyName,
      elevation: round(elevation),
      height: round(next ? next.elevation - elevation : Math.max(level?.height ?? 0, tallest, 2400)),
      walls,
      openings,
      rooms,
    });
  });
  if (storeys.length === 0) throw new PlanImportError('empty');
  const version = home.attrs.version ?? '';
  return { format: 'sh3d', schema: version ? `SH3D ${version}` : 'SH3D', storeys, skipped: [...skipped.values()].sort((a, b) => b.count - a.count) };
}

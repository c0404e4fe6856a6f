import type { ReactNode } from 'react';
import type { OpeningKind } from '../../protocol/records';

// Line icons of the floor-plan panel, drawn on a 20 x 20 grid with a 1.5 stroke so they sit on the
// same optical weight as the text beside them. Door and window icons are plan symbols, the way
// they appear in the 2D view.

function Svg({ size = 20, children }: { readonly size?: number; readonly children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 20 20"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      {children}
    </svg>
  );
}

export type IconName =
  | 'draw'
  | 'select'
  | 'wall'
  | 'door'
  | 'properties'
  | 'rooms'
  | 'storeys'
  | 'view'
  | 'cube'
  | 'plan'
  | 'plus'
  | 'copy'
  | 'edit'
  | 'trash'
  | 'split'
  | 'flip'
  | 'hinge'
  | 'chevron'
  | 'collapse'
  | 'expand'
  | 'house'
  | 'keyboard'
  | 'material'
  | 'gallery'
  | 'tiles'
  | 'sofa'
  | 'cabinet'
  | 'tag'
  | 'import'
  | 'export'
  | 'stair'
  | 'hole'
  | 'render';

const PATHS: Record<IconName, ReactNode> = {
  draw: (
    <>
      <path d="M3.5 16.5 4.5 12.5 13 4a1.4 1.4 0 0 1 2 0l1 1a1.4 1.4 0 0 1 0 2l-8.5 8.5Z" />
      <path d="m11.5 5.5 3 3" />
    </>
  ),
  select: <path d="M5 3.5v12l3.2-3.1 2.3 4.6 2-1-2.3-4.5H14.5Z" />,
  cabinet: (
    <>
      <path d="M3.5 3.5h13v13h-13z" />
      <path d="M10 3.5v11M3.5 14.5h13M8.3 8v2.5M11.7 8v2.5" />
    </>
  ),
  wall: (
    <>
      <path d="M3 6h14v8H3z" />
      <path d="M3 10h14M8 6v4M13 10v4M5.5 10v4M10.5 6v4M15 6v4" strokeWidth="1.1" />
    </>
  ),
  door: (
    <>
      <path d="M3 16.5h14" />
      <path d="M5.5 16.5V4.5h9v12" />
      <path d="M12 10.5v.5" strokeWidth="2" />
    </>
  ),
  properties: (
    <>
      <path d="M4 5.5h12M4 10h12M4 14.5h12" />
      <circle cx="7.5" cy="5.5" r="1.6" fill="var(--color-surface, #fff)" />
      <circle cx="12.5" cy="10" r="1.6" fill="var(--color-surface, #fff)" />
      <circle cx="9" cy="14.5" r="1.6" fill="var(--color-surface, #fff)" />
    </>
  ),
  rooms: (
    <>
      <rect x="3" y="3.5" width="14" height="13" rx="1" />
      <path d="M10 3.5v6H3M10 13v3.5M13.5 9.5H17" />
    </>
  ),
  storeys: (
    <>
      <path d="m10 3 7 3.5-7 3.5-7-3.5Z" />
      <path d="m3 10 7 3.5 7-3.5M3 13.5 10 17l7-3.5" />
    </>
  ),
  view: (
    <>
      <path d="M2 10s3-5.5 8-5.5S18 10 18 10s-3 5.5-8 5.5S2 10 2 10Z" />
      <circle cx="10" cy="10" r="2.5" />
    </>
  ),
  cube: (
    <>
      <path d="m10 2.8 6.5 3.6v7.2L10 17.2l-6.5-3.6V6.4Z" />
      <path d="m3.5 6.4 6.5 3.6 6.5-3.6M10 10v7.2" />
    </>
  ),
  plan: (
    <>
      <rect x="3" y="3" width="14" height="14" rx="1" />
      <path d="M3 9h6V3M13 17v-5h4" />
    </>
  ),
  plus: <path d="M10 4.5v11M4.5 10h11" />,
  stair: (
    <>
      <rect x="4" y="3" width="12" height="14" rx="0.5" />
      <path d="M4 6.5h12M4 10h12M4 13.5h12M10 15.5V4.5M8.2 6.3 10 4.5l1.8 1.8" />
    </>
  ),
  hole: (
    <>
      <rect x="3.5" y="3.5" width="13" height="13" rx="0.5" />
      <path d="m3.5 3.5 13 13M16.5 3.5l-13 13" />
    </>
  ),
  copy: (
    <>
      <rect x="6.5" y="6.5" width="10" height="10" rx="1.5" />
      <path d="M13.5 6.5V4.5a1 1 0 0 0-1-1h-8a1 1 0 0 0-1 1v8a1 1 0 0 0 1 1h2" />
    </>
  ),
  edit: (
    <>
      <path d="M4 16h3l8.5-8.5a1.5 1.5 0 0 0-3-3L4 13Z" />
    </>
  ),
  trash: (
    <>
      <path d="M3.5 5.5h13M8 5.5V4h4v1.5M5.5 5.5l.8 10.5h7.4l.8-10.5" />
      <path d="M8.5 8.5v5M11.5 8.5v5" />
    </>
  ),
  split: (
    <>
      <path d="M2.5 10h5.5M12 10h5.5" strokeWidth="3" />
      <path d="M10 4v12" strokeDasharray="2 2" />
    </>
  ),
  flip: (
    <>
      <path d="M10 3v14" strokeDasharray="2 2" />
      <path d="M7 6 3 10l4 4M13 6l4 4-4 4" />
    </>
  ),
  hinge: (
    <>
      <path d="M3 15h14" />
      <path d="M4 15V7a8 8 0 0 1 8 8" />
      <circle cx="4" cy="15" r="1.2" fill="currentColor" />
    </>
  ),
  chevron: <path d="m6 8 4 4 4-4" />,
  collapse: <path d="M12 5 7 10l5 5" />,
  expand: <path d="m8 5 5 5-5 5" />,
  house: (
    <>
      <path d="M3 9 10 3l7 6" />
      <path d="M5 8v8.5h10V8" />
      <path d="M8.5 16.5v-4h3v4" />
    </>
  ),
  keyboard: (
    <>
      <rect x="2.5" y="5.5" width="15" height="9" rx="1.5" />
      <path d="M5.5 8.5h1M9.5 8.5h1M13.5 8.5h1M6.5 11.5h7" />
    </>
  ),
  import: (
    <>
      <path d="M11.5 3H5.5a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V7Z" />
      <path d="M11.5 3v4h4" />
      <path d="M10 9.5v5M7.8 12.3 10 14.5l2.2-2.2" />
    </>
  ),
  // The import's page with the arrow going out.
  export: (
    <>
      <path d="M11.5 3H5.5a1 1 0 0 0-1 1v12a1 1 0 0 0 1 1h9a1 1 0 0 0 1-1V7Z" />
      <path d="M11.5 3v4h4" />
      <path d="M10 14.5v-5M7.8 11.7 10 9.5l2.2 2.2" />
    </>
  ),
  tag: (
    <>
      <path d="M3.5 10.2V4.5a1 1 0 0 1 1-1h5.7l6.3 6.3a1 1 0 0 1 0 1.4l-5.3 5.3a1 1 0 0 1-1.4 0Z" />
      <circle cx="7" cy="7" r="1.2" />
    </>
  ),
  tiles: (
    <>
      <rect x="3" y="3" width="14" height="14" rx="1" />
      <path d="M10 3v14M3 10h14" />
    </>
  ),
  sofa: (
    <>
      <path d="M4.5 9V6.5A1.5 1.5 0 0 1 6 5h8a1.5 1.5 0 0 1 1.5 1.5V9" />
      <path d="M3 9.5a1.5 1.5 0 0 1 3 0V11h8V9.5a1.5 1.5 0 0 1 3 0V14H3Z" />
      <path d="M5 14v1.5M15 14v1.5" />
    </>
  ),
  gallery: (
    <>
      <rect x="3" y="3.5" width="14" height="13" rx="1.5" />
      <path d="m3.5 14 4-4.5 3 3 2-2 4 4" />
      <circle cx="13" cy="7.5" r="1.3" />
    </>
  ),
  render: (
    <>
      <path d="M3 7a1.5 1.5 0 0 1 1.5-1.5h2L8 3.5h4l1.5 2h2A1.5 1.5 0 0 1 17 7v7.5a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 3 14.5Z" />
      <circle cx="10" cy="10.5" r="3" />
    </>
  ),
  material: (
    <>
      <circle cx="10" cy="10" r="6.5" />
      <path d="M6 7.5c2 1.2 6 1.2 8 0M5 11.5c2.5 1.5 7.5 1.5 10 0" />
    </>
  ),
};

export function Icon({ name, size }: { readonly name: IconName; readonly size?: number }) {
  return <Svg size={size}>{PATHS[name]}</Svg>;
}

// Plan symbols on a 32 x 24 grid: the wall runs along y = 14 (two lines 4 apart), the opening cuts it.
const WALL_L = 'M2 12h7M2 16h7';
const WALL_R = 'M23 12h7M23 16h7';
const JAMBS = 'M9 12v4M23 12v4';

const OPENING_PATHS: Record<OpeningKind, ReactNode> = {
  // window: three thin panes across the gap
  0: <path d={`${WALL_L}M9 12h14M9 14h14M9 16h14${WALL_R}${JAMBS}`} />,
  // single door: a leaf and its swing
  1: (
    <>
      <path d={`${WALL_L}${WALL_R}${JAMBS}`} />
      <path d="M9 12V2.5" />
      <path d="M9 2.5A9.5 9.5 0 0 1 23 12" strokeDasharray="1.6 1.6" />
    </>
  ),
  // double door: two leaves
  2: (
    <>
      <path d={`${WALL_L}${WALL_R}${JAMBS}`} />
      <path d="M9 12V5M23 12V5" />
      <path d="M9 5a7 7 0 0 1 7 7M23 5a7 7 0 0 0-7 7" strokeDasharray="1.6 1.6" />
    </>
  ),
  // sliding door: two panels that overlap
  3: <path d={`${WALL_L}${WALL_R}${JAMBS}M9 13h9M14 15h9`} />,
  // folding door: a zig-zag of leaves
  4: <path d={`${WALL_L}${WALL_R}${JAMBS}M9 12l3.5-6 3.5 6 3.5-6 3.5 6`} />,
  // balcony door: a wide sliding door with a threshold
  5: <path d={`${WALL_L}${WALL_R}${JAMBS}M9 13h8M15 15h8M9 19h14`} />,
  // bay window: the glazing stands out of the wall
  6: <path d={`${WALL_L}${WALL_R}M9 12v4M23 12v4M9 16l3 5h8l3-5M10.5 16l2.4 3.8h6.2l2.4-3.8`} />,
  // wall hole: a plain gap with dashed head
  7: (
    <>
      <path d={`${WALL_L}${WALL_R}${JAMBS}`} />
      <path d="M9 14h14" strokeDasharray="1.6 1.6" />
    </>
  ),
  // archway (垭口): a gap with a lintel drawn as an arch
  8: (
    <>
      <path d={`${WALL_L}${WALL_R}${JAMBS}`} />
      <path d="M9 12a7 5 0 0 1 14 0" strokeDasharray="1.6 1.6" />
    </>
  ),
  // barrier: a railing with posts
  9: <path d="M2 14h28M5 10v8M11 10v8M17 10v8M23 10v8M29 10v8" />,
  // niche: a recess that does not go through
  10: <path d={`M2 12h7v4h14v-4h7M2 16h7M23 16h7M11 16v3h10v-3`} />,
  // balcony: a slab in front of the wall
  11: <path d={`M2 12h28M2 16h28M6 16v6h20v-6`} />,
  // son-mother door: a big and a small leaf
  12: (
    <>
      <path d={`${WALL_L}${WALL_R}${JAMBS}`} />
      <path d="M9 12V3M23 12V8" />
      <path d="M9 3a9 9 0 0 1 9 9M23 8a4 4 0 0 0-4 4" strokeDasharray="1.6 1.6" />
    </>
  ),
  // glass screen wall: a run of glazing with mullions
  13: <path d="M2 12h28M2 16h28M8 12v4M14 12v4M20 12v4M26 12v4" />,
  // glass partition: one thin glass line with posts
  14: <path d="M2 14h28M4 12v4M16 12v4M28 12v4" />,
  // door frame: the casing around a gap
  15: <path d={`${WALL_L}${WALL_R}M8 10v8h2v-8ZM22 10v8h2v-8Z`} />,
  // model bay window: a bay with a solid sill
  16: <path d={`${WALL_L}${WALL_R}M9 12v4M23 12v4M9 16l3 5h8l3-5M12 21h8`} />,
};

export function OpeningIcon({ kind }: { readonly kind: OpeningKind }) {
  return (
    <svg width="40" height="30" viewBox="0 0 32 24" fill="none" stroke="currentColor" strokeWidth="1.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      {OPENING_PATHS[kind]}
    </svg>
  );
}

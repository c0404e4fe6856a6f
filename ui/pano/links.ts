// The addresses the panorama dialog hands out and the viewers link to (core.md §2 /pano, /walkPano).

/** The public page of a shared panorama (what the link and its QR code open). */
export function panoShareLink(origin: string, code: string): string {
  return `${origin}/pano?code=${encodeURIComponent(code)}`;
}

/** The public walk through a scene's shared panoramas, starting at this one. */
export function walkShareLink(origin: string, code: string): string {
  return `${origin}/walkPano?code=${encodeURIComponent(code)}`;
}

/** The owner's view of a panorama (needs the login). */
export function panoHref(id: string): string {
  return `/pano?id=${encodeURIComponent(id)}`;
}

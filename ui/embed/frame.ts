// The product's one request of the host: resize the frame (protocol/embed.ts `resize`). Full
// screen from inside a frame needs the host's allow="fullscreen"; without it the designer's F11
// (or the modelling menu's full screen) asks the host to grow the frame to the screen instead,
// and the next toggle asks for the size it had. Kept apart from ui/embed/index.ts so that
// ui/app/full-screen.tsx can reach it without loading the editor's modules.

type Resize = (width: number, height: number) => void;

let resize: Resize | null = null;
/** the frame's size before it was grown; null while it is not */
let before: { width: number; height: number } | null = null;

/** Set by attachEmbed while a host listens (null when it stops). */
export function setFrameResizer(fn: Resize | null): void {
  resize = fn;
  if (!fn) before = null;
}

/**
 * Full screen for a framed editor the browser will not take full screen: asks the host to
 * resize. False when there is no host to ask (the caller uses the Fullscreen API).
 */
export function toggleFrameFullScreen(win: Pick<Window, 'innerWidth' | 'innerHeight' | 'screen'> = window): boolean {
  if (!resize) return false;
  if (before) {
    resize(before.width, before.height);
    before = null;
    return true;
  }
  before = { width: Math.round(win.innerWidth), height: Math.round(win.innerHeight) };
  resize(Math.round(win.screen.availWidth), Math.round(win.screen.availHeight));
  return true;
}

/** Whether the frame was grown by toggleFrameFullScreen (and not given back). */
export function frameGrown(): boolean {
  return before !== null;
}

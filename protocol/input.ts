// Input events forwarded from the canvas element on the main thread to the kernel's tools.
// Only plain numbers and strings cross: no DOM event objects.

export interface Modifiers {
  readonly shiftKey: boolean;
  readonly ctrlKey: boolean;
  readonly altKey: boolean;
  readonly metaKey: boolean;
}

export interface PointerInput extends Modifiers {
  readonly kind: 'pointer';
  readonly type: 'pointerdown' | 'pointermove' | 'pointerup' | 'pointercancel' | 'pointerleave';
  /** CSS pixels relative to the canvas' top-left corner */
  readonly x: number;
  readonly y: number;
  readonly button: number;
  readonly buttons: number;
  readonly pointerId: number;
  readonly pointerType: string;
}

export interface WheelInput extends Modifiers {
  readonly kind: 'wheel';
  readonly type: 'wheel';
  readonly x: number;
  readonly y: number;
  readonly deltaX: number;
  readonly deltaY: number;
  readonly deltaMode: number;
}

export interface KeyInput extends Modifiers {
  readonly kind: 'key';
  readonly type: 'keydown' | 'keyup';
  readonly key: string;
  readonly code: string;
  readonly repeat: boolean;
}

export type ForwardedInput = PointerInput | WheelInput | KeyInput;
export type ForwardedEventType = ForwardedInput['type'];

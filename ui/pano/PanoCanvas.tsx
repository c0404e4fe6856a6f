import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { Vec3Tuple } from '../../protocol/panorama';
import { clampView, DEFAULT_VIEW, dragView, projectDirection, zoomView, type PanoView } from './pano-math';

// One equirectangular picture on a WebGL2 canvas: a full-screen triangle whose fragment shader
// turns each pixel into a direction and reads the picture there (protocol/panorama.ts conventions),
// so there is no sphere mesh and no three.js on the main thread. Drag (mouse, pen or one finger)
// looks around, the wheel and a pinch zoom; hotspots are HTML buttons placed by projectDirection.

const VERTEX = `#version 300 es
in vec2 corner;
out vec2 ndc;
void main() { ndc = corner; gl_Position = vec4(corner, 0.0, 1.0); }`;

const FRAGMENT = `#version 300 es
precision highp float;
in vec2 ndc;
uniform sampler2D picture;
uniform vec3 forward;
uniform vec3 right;
uniform vec3 up;
uniform vec2 halfExtent;
out vec4 color;
const float PI = 3.14159265358979;
void main() {
  vec3 d = normalize(forward + ndc.x * halfExtent.x * right + ndc.y * halfExtent.y * up);
  float lon = atan(d.x, -d.z);
  float lat = asin(clamp(d.y, -1.0, 1.0));
  vec2 uv = vec2(lon / (2.0 * PI) + 0.5, 0.5 - lat / PI);
  // no mipmaps: the longitude seam would pick the smallest level there; explicit gradients of a
  // wrapped coordinate are not worth it at these sizes
  color = texture(picture, uv);
}`;

export interface Hotspot {
  readonly id: string;
  readonly label: string;
  readonly direction: Vec3Tuple;
}

export interface PanoCanvasProps {
  /** address of the equirectangular JPEG (same origin: the login cookie travels) */
  readonly src: string;
  readonly hotspots?: readonly Hotspot[];
  readonly onHotspot?: (id: string) => void;
  /** the view to start from (kept when only the hotspots change) */
  readonly initialView?: PanoView;
  readonly children?: ReactNode;
}

function compile(gl: WebGL2RenderingContext, type: number, source: string): WebGLShader {
  const shader = gl.createShader(type)!;
  gl.shaderSource(shader, source);
  gl.compileShader(shader);
  if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS)) throw new Error(gl.getShaderInfoLog(shader) ?? 'shader');
  return shader;
}

type LoadState = 'loading' | 'ready' | 'failed' | 'no-webgl';

export function PanoCanvas({ src, hotspots = [], onHotspot, initialView, children }: PanoCanvasProps) {
  const { t } = useLingui();
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [view, setView] = useState<PanoView>(initialView ?? DEFAULT_VIEW);
  const [size, setSize] = useState({ width: 1, height: 1 });
  const [state, setState] = useState<LoadState>('loading');
  const glRef = useRef<{ gl: WebGL2RenderingContext; program: WebGLProgram; texture: WebGLTexture } | null>(null);

  // the GL context, program and texture of this picture
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const gl = canvas.getContext('webgl2', { antialias: false, preserveDrawingBuffer: true });
    if (!gl) {
      setState('no-webgl');
      return;
    }
    const program = gl.createProgram()!;
    gl.attachShader(program, compile(gl, gl.VERTEX_SHADER, VERTEX));
    gl.attachShader(program, compile(gl, gl.FRAGMENT_SHADER, FRAGMENT));
    gl.linkProgram(program);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
    const corner = gl.getAttribLocation(program, 'corner');
    gl.enableVertexAttribArray(corner);
    gl.vertexAttribPointer(corner, 2, gl.FLOAT, false, 0, 0);
    const texture = gl.createTexture()!;
    glRef.current = { gl, program, texture };
    let cancelled = false;
    setState('loading');
    void (async () => {
      try {
        const res = await fetch(src, { credentials: 'same-origin' });
        if (!res.ok) throw new Error(`HTTP ${res.status}`);
        const blob = await res.blob();
        // a phone's GPU may take less than 8K: the picture is scaled to what it holds
        const max = gl.getParameter(gl.MAX_TEXTURE_SIZE) as number;
        let bitmap = await createImageBitmap(blob);
        if (bitmap.width > max) {
          const scaled = await createImageBitmap(blob, { resizeWidth: max, resizeHeight: Math.round((max * bitmap.height) / bitmap.width), resizeQuality: 'high' });
          bitmap.close();
          bitmap = scaled;
        }
        if (cancelled) return;
        gl.bindTexture(gl.TEXTURE_2D, texture);
        gl.pixelStorei(gl.UNPACK_FLIP_Y_WEBGL, false);
        gl.texImage2D(gl.TEXTURE_2D, 0, gl.RGBA, gl.RGBA, gl.UNSIGNED_BYTE, bitmap);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.LINEAR);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.REPEAT);
        gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
        bitmap.close();
        setState('ready');
      } catch {
        if (!cancelled) setState('failed');
      }
    })();
    return () => {
      cancelled = true;
      gl.deleteTexture(texture);
      gl.deleteProgram(program);
      gl.deleteBuffer(buffer);
      glRef.current = null;
    };
  }, [src]);

  // the canvas follows its box (phones turn, windows resize)
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const observer = new ResizeObserver(() => {
      const box = canvas.getBoundingClientRect();
      setSize({ width: Math.max(1, box.width), height: Math.max(1, box.height) });
    });
    observer.observe(canvas);
    return () => observer.disconnect();
  }, []);

  // one frame whenever the view, the size or the picture changes
  useEffect(() => {
    const held = glRef.current;
    const canvas = canvasRef.current;
    if (!held || !canvas || state !== 'ready') return;
    const { gl, program, texture } = held;
    const dpr = Math.min(window.devicePixelRatio || 1, 2);
    canvas.width = Math.round(size.width * dpr);
    canvas.height = Math.round(size.height * dpr);
    gl.viewport(0, 0, canvas.width, canvas.height);
    gl.useProgram(program);
    const yaw = view.yaw;
    const pitch = view.pitch;
    const sy = Math.sin(yaw);
    const cy = Math.cos(yaw);
    const sp = Math.sin(pitch);
    const cp = Math.cos(pitch);
    gl.uniform3f(gl.getUniformLocation(program, 'forward'), sy * cp, sp, -cy * cp);
    gl.uniform3f(gl.getUniformLocation(program, 'right'), cy, 0, sy);
    gl.uniform3f(gl.getUniformLocation(program, 'up'), -sy * sp, cp, cy * sp);
    const tan = Math.tan(view.fov / 2);
    gl.uniform2f(gl.getUniformLocation(program, 'halfExtent'), tan * (size.width / size.height), tan);
    gl.activeTexture(gl.TEXTURE0);
    gl.bindTexture(gl.TEXTURE_2D, texture);
    gl.uniform1i(gl.getUniformLocation(program, 'picture'), 0);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }, [view, size, state]);

  // pointers: one drags, two pinch
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pointers = new Map<number, { x: number; y: number }>();
    let pinch: number | null = null;
    const distance = () => {
      const [a, b] = [...pointers.values()];
      return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
    };
    const down = (e: PointerEvent) => {
      canvas.setPointerCapture(e.pointerId);
      pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
      pinch = pointers.size === 2 ? distance() : null;
    };
    const move = (e: PointerEvent) => {
      const last = pointers.get(e.pointerId);
      if (!last) return;
      const next = { x: e.clientX, y: e.clientY };
      pointers.set(e.pointerId, next);
      if (pointers.size === 1) {
        const height = canvas.getBoundingClientRect().height;
        setView((v) => dragView(v, next.x - last.x, next.y - last.y, height));
      } else if (pointers.size === 2 && pinch) {
        const now = distance();
        if (now > 0) setView((v) => zoomView(v, now / pinch!));
        pinch = now;
      }
    };
    const up = (e: PointerEvent) => {
      pointers.delete(e.pointerId);
      pinch = pointers.size === 2 ? distance() : null;
    };
    const wheel = (e: WheelEvent) => {
      e.preventDefault();
      setView((v) => zoomView(v, Math.exp(-e.deltaY / 500)));
    };
    canvas.addEventListener('pointerdown', down);
    canvas.addEventListener('pointermove', move);
    canvas.addEventListener('pointerup', up);
    canvas.addEventListener('pointercancel', up);
    canvas.addEventListener('wheel', wheel, { passive: false });
    return () => {
      canvas.removeEventListener('pointerdown', down);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerup', up);
      canvas.removeEventListener('pointercancel', up);
      canvas.removeEventListener('wheel', wheel);
    };
  }, []);

  const deg = (r: number) => ((r * 180) / Math.PI).toFixed(1);
  return (
    <div className="pano-canvas" data-state={state}>
      <canvas
        ref={canvasRef}
        className="pano-canvas__gl"
        role="img"
        aria-label={t`全景图（拖动查看四周，滚轮或双指缩放）`}
        data-yaw={deg(view.yaw)}
        data-pitch={deg(view.pitch)}
        data-fov={deg(view.fov)}
        tabIndex={0}
        onKeyDown={(e) => {
          const step = 0.1;
          const keys: Record<string, Partial<PanoView>> = {
            ArrowLeft: { yaw: view.yaw - step },
            ArrowRight: { yaw: view.yaw + step },
            ArrowUp: { pitch: view.pitch + step },
            ArrowDown: { pitch: view.pitch - step },
          };
          const change = keys[e.key];
          if (change) {
            e.preventDefault();
            setView(clampView({ ...view, ...change }));
          } else if (e.key === '+' || e.key === '=') setView(zoomView(view, 1.2));
          else if (e.key === '-') setView(zoomView(view, 1 / 1.2));
        }}
      />
      {state === 'ready'
        ? hotspots.map((h) => {
            const at = projectDirection(view, h.direction, size.width, size.height);
            if (!at) return null;
            return (
              <button
                key={h.id}
                type="button"
                className="pano-hotspot"
                data-hotspot={h.id}
                style={{ left: at.x, top: at.y }}
                title={h.label}
                onClick={() => onHotspot?.(h.id)}
              >
                <span className="pano-hotspot__ring" aria-hidden="true" />
                <span className="pano-hotspot__label">{h.label || t`全景点`}</span>
              </button>
            );
          })
        : null}
      {state === 'loading' ? <p className="pano-canvas__note">{t`正在加载全景图…`}</p> : null}
      {state === 'failed' ? (
        <p className="pano-canvas__note" role="alert">
          {t`全景图加载失败`}
        </p>
      ) : null}
      {state === 'no-webgl' ? (
        <p className="pano-canvas__note" role="alert">
          {t`此浏览器不支持 WebGL2，无法显示全景图`}
        </p>
      ) : null}
      {children}
    </div>
  );
}

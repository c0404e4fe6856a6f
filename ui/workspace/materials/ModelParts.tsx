import { Trans, useLingui } from '@lingui/react/macro';
import { useNavigate } from '@tanstack/react-router';
import type { AppliedMaterial } from '../../../protocol/records';
import { send } from '../panel-commands';
import { partLabels, useModelParts } from './parts';
import { choosePart } from './target';

// 部件材质 in a selected model's properties: each part of its GLB with the material it wears (its
// own, or a library one), 更换 to pick another in the material library, 恢复 to take a library
// material off again (material.apply: one undo step each).

export function ModelParts({
  model,
}: {
  readonly model: { readonly id: string; readonly gltfUrl: string | null; readonly materials: { readonly [part: string]: AppliedMaterial } };
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  const parts = useModelParts(model.gltfUrl);
  if (parts.state === 'none' || parts.state === 'error') return null;
  if (parts.state === 'loading') {
    return (
      <p className="hp-hint">
        <Trans>正在读取模型部件...</Trans>
      </p>
    );
  }
  const labels = partLabels(parts.parts, (d) => i18n._(d));
  return (
    <section className="ml-parts" aria-label={t`部件材质`}>
      <h3 className="ml-parts__title">
        <Trans>部件材质</Trans>
      </h3>
      <ul className="ml-parts__list">
        {parts.parts.map((part) => {
          const label = labels.get(part) ?? part;
          const applied = model.materials[part];
          return (
            <li key={part} className="ml-parts__row" data-part={part}>
              <span className="ml-parts__swatch" style={{ background: applied?.color ?? 'transparent' }} aria-hidden />
              <span className="ml-parts__name">{label}</span>
              <span className="ml-parts__material">{applied ? applied.name : t`原材质`}</span>
              <button
                type="button"
                className="button button--ghost ml-parts__change"
                aria-label={t`更换材质：${label}`}
                onClick={() => {
                  choosePart(model.id, part);
                  void navigate({ to: '/MaterialLib/MaterialBall/CommonLib' });
                }}
              >
                <Trans>更换</Trans>
              </button>
              {applied ? (
                <button
                  type="button"
                  className="button button--ghost ml-parts__change"
                  aria-label={t`恢复原材质：${label}`}
                  onClick={() => void send('material.apply', { target: { kind: 'model', id: model.id, part }, material: null })}
                >
                  <Trans>恢复</Trans>
                </button>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

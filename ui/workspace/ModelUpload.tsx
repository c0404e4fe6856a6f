import { Trans, useLingui } from '@lingui/react/macro';
import { useRef, useState } from 'react';
import { deleteModel, modelUploadForm, type CatalogueModel, type ModelMount, type ModelUploadLibrary } from '../../api';
import { api } from '../app/api';
import { readUser, userTokenStore } from '../auth/storage';
import { activeLocale } from '../i18n/locale';
import { notify } from '../notice';
import { SelectField } from './controls';
import { Icon } from './icons';
import './model-upload.css';

// The 上传模型 bar of the Product panel's 个人库 (every designer) and 品牌库 (project admins):
// picks a GLB, glTF or zip file, sends it with a progress bar, and shows the server's refusal
// (its zh/en message names the reason: too many triangles, a missing texture …) where the
// upload was started, until the next try. The upload goes through XMLHttpRequest because fetch
// reports no upload progress; the server checks, converts and draws the cover after the bytes
// arrive, so the bar then says so instead of sitting at 100 %.

type Phase = { kind: 'idle' } | { kind: 'sending'; percent: number } | { kind: 'processing' } | { kind: 'refused'; text: string };

/** True when the signed-in user may upload to (and delete from) the library. */
export function mayManageLibrary(library: ModelUploadLibrary): boolean {
  return library === 'personal' || readUser()?.is_project_admin === 1;
}

interface Envelope {
  retcode?: number;
  retmsg?: string;
  retdata?: unknown;
}

function send(form: FormData, onProgress: (percent: number) => void, onSent: () => void): Promise<{ ok: true; model: CatalogueModel } | { ok: false; text: string }> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${api.resolve('admin/model')}?action=upload`);
    const token = userTokenStore.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('X-Requested-With', 'XMLHttpRequest');
    xhr.setRequestHeader('Accept-Language', activeLocale());
    xhr.responseType = 'json';
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.upload.onload = onSent;
    xhr.onload = () => {
      const body = (xhr.response ?? {}) as Envelope;
      if (xhr.status === 200 && body.retcode === 0) resolve({ ok: true, model: body.retdata as CatalogueModel });
      else resolve({ ok: false, text: body.retmsg || `HTTP ${xhr.status}` });
    };
    xhr.onerror = () => resolve({ ok: false, text: '' });
    xhr.send(form);
  });
}

export function ModelUploadBar({ library, onUploaded }: { readonly library: ModelUploadLibrary; readonly onUploaded: (model: CatalogueModel) => void }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  // where the piece lands when placed; the file cannot say (glTF has no such notion)
  const [mount, setMount] = useState<ModelMount>('floor');
  const working = phase.kind === 'sending' || phase.kind === 'processing';

  async function upload(file: File) {
    setPhase({ kind: 'sending', percent: 0 });
    const answer = await send(
      modelUploadForm(file, { library, type: mount }),
      (percent) => setPhase({ kind: 'sending', percent }),
      () => setPhase({ kind: 'processing' }),
    );
    if (!answer.ok) {
      setPhase({ kind: 'refused', text: answer.text || t`网络错误，模型没有上传，请重试` });
      return;
    }
    setPhase({ kind: 'idle' });
    notify(t`已上传：${answer.model.name}`, { kind: 'success', duration: 2000 });
    onUploaded(answer.model);
  }

  return (
    <section className="mu" aria-label={t`上传模型`}>
      <div className="mu__row">
        <button type="button" className="button button--primary mu__button" disabled={working} onClick={() => input.current?.click()}>
          <Icon name="plus" size={16} />
          <span>
            <Trans>上传模型</Trans>
          </span>
        </button>
        <SelectField
          label={t`放置方式`}
          hideLabel
          className="mu__mount"
          value={mount}
          options={[
            { value: 'floor', label: t`落地` },
            { value: 'wall', label: t`靠墙悬挂` },
            { value: 'ceiling', label: t`吊顶` },
            { value: 'surface', label: t`台面摆放` },
          ]}
          onChange={setMount}
        />
        <input
          ref={input}
          type="file"
          className="mu__input"
          accept=".glb,.gltf,.zip,model/gltf-binary,model/gltf+json,application/zip"
          aria-label={t`选择模型文件`}
          data-testid="model-upload-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </div>
      <p className="mu__hint">
        {library === 'brand' ? <Trans>GLB、glTF 或 ZIP（含 .bin 和贴图），上传到品牌库，全项目可见</Trans> : <Trans>GLB、glTF 或 ZIP（含 .bin 和贴图），上传到个人库</Trans>}
      </p>
      {working ? (
        <div className="mu__progress" role="status">
          <progress
            max={100}
            value={phase.kind === 'sending' ? phase.percent : undefined}
            aria-label={phase.kind === 'sending' ? t`上传进度` : t`正在处理模型`}
          />
          <span>{phase.kind === 'sending' ? t`正在上传 ${phase.percent}%` : t`正在处理模型：检查、生成封面和简模…`}</span>
        </div>
      ) : phase.kind === 'refused' ? (
        <div className="mu__refused" role="alert">
          <p>{phase.text}</p>
          <button type="button" className="mu__dismiss" aria-label={t`关闭提示`} title={t`关闭提示`} onClick={() => setPhase({ kind: 'idle' })}>
            ×
          </button>
        </div>
      ) : null}
    </section>
  );
}

/** The bin on an uploaded model's card; asks first, since the model cannot be brought back. */
export function DeleteModelButton({ model, name, onDeleted }: { readonly model: CatalogueModel; readonly name: string; readonly onDeleted: () => void }) {
  const { t } = useLingui();
  const [busy, setBusy] = useState(false);
  async function remove() {
    if (!window.confirm(t`删除模型“${name}”？已放置到方案中的不受影响。`)) return;
    setBusy(true);
    try {
      await deleteModel(api, model.id);
      notify(t`已删除：${name}`, { kind: 'success', duration: 2000 });
      onDeleted();
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="mu__delete" disabled={busy} aria-label={t`删除 ${name}`} title={t`删除`} onClick={() => void remove()}>
      <Icon name="trash" size={15} />
    </button>
  );
}

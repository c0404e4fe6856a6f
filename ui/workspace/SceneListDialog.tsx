import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { isApiError, listScenes, type Scene, type ScenePage } from '../../api';
import { api } from '../app/api';
import { apiErrorText } from '../notice';
import { SCENE_LIST_PAGE_SIZE } from '../scene/constants';
import { requestOpen, sceneUi } from '../scene/controller';
import { sceneSession } from '../scene/state';
import { formatTime, SceneDialog, ScenePreview } from './SceneDialog';

/** 我的方案: the signed-in user's scenes, newest change first, a page at a time. */
export function SceneListDialog() {
  const { t } = useLingui();
  const { listOpen } = useSnapshot(sceneUi);
  return (
    <SceneDialog open={listOpen} title={t`我的方案`} size="wide" onClose={() => (sceneUi.listOpen = false)} footer={null}>
      {listOpen ? <SceneList /> : null}
    </SceneDialog>
  );
}

type Load = { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; page: ScenePage<Scene> };

function SceneList() {
  const { t, i18n } = useLingui();
  const session = useSnapshot(sceneSession);
  const [pageNumber, setPageNumber] = useState(1);
  const [attempt, setAttempt] = useState(0);
  // The answer is kept with the request it answers: a new request reads as loading at once.
  const request = `${pageNumber}:${attempt}`;
  const [answer, setAnswer] = useState<{ request: string; load: Load } | null>(null);
  const load: Load = answer?.request === request ? answer.load : { state: 'loading' };

  useEffect(() => {
    const controller = new AbortController();
    listScenes(api, { pageNumber, pageSize: SCENE_LIST_PAGE_SIZE }, { silent: true, signal: controller.signal }).then(
      (page) => setAnswer({ request, load: { state: 'done', page } }),
      (e: unknown) => {
        if (!controller.signal.aborted) setAnswer({ request, load: { state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) } });
      },
    );
    return () => controller.abort();
  }, [pageNumber, request]);

  const pages = load.state === 'done' ? Math.max(1, Math.ceil(load.page.total / SCENE_LIST_PAGE_SIZE)) : 1;

  return (
    <div className="scene-list" aria-busy={load.state === 'loading'}>
      {load.state === 'loading' ? (
        <div className="scene-list__status" role="status">
          <span className="spinner" aria-hidden="true" />
          <span className="sr-only">{t`加载中…`}</span>
        </div>
      ) : load.state === 'error' ? (
        <div className="scene-list__status" role="alert">
          <p>{load.text}</p>
          <button type="button" className="button button--secondary" onClick={() => setAttempt((n) => n + 1)}>
            <Trans>重试</Trans>
          </button>
        </div>
      ) : load.page.list.length === 0 ? (
        <p className="scene-list__status empty-state">
          <Trans>还没有保存过方案</Trans>
        </p>
      ) : (
        <ul className="scene-grid" aria-label={t`方案列表`}>
          {load.page.list.map((scene) => {
            const current = session.scene?.id === scene.id;
            const updated = formatTime(scene.updatedAt, i18n.locale);
            const name = scene.name;
            return (
              <li key={scene.id}>
                <button
                  type="button"
                  className="scene-card"
                  aria-current={current ? 'true' : undefined}
                  aria-label={t`打开方案 ${name}`}
                  onClick={() => void requestOpen(scene)}
                >
                  <ScenePreview src={scene.customPreview || scene.preview} alt="" />
                  {current ? (
                    <span className="scene-card__badge">
                      <Trans>当前</Trans>
                    </span>
                  ) : null}
                  <span className="scene-card__name" title={scene.name}>
                    {scene.name}
                  </span>
                  <span className="scene-card__meta">
                    <Trans>更新于 {updated}</Trans>
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <nav className="scene-pager" aria-label={t`分页`}>
        <button type="button" className="button button--secondary" disabled={pageNumber <= 1 || load.state === 'loading'} onClick={() => setPageNumber((n) => n - 1)}>
          <Trans>上一页</Trans>
        </button>
        <span className="scene-pager__info">
          <Trans>
            第 {pageNumber} / {pages} 页
          </Trans>
        </span>
        <button
          type="button"
          className="button button--secondary"
          disabled={pageNumber >= pages || load.state !== 'done'}
          onClick={() => setPageNumber((n) => n + 1)}
        >
          <Trans>下一页</Trans>
        </button>
      </nav>
    </div>
  );
}

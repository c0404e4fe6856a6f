import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useSnapshot } from 'valtio';
import {
  countModelRoomView,
  favorModelRoom,
  getModelRoom,
  isApiError,
  listModelRooms,
  makeModelRoom,
  MODEL_ROOM_PAGE_SIZE,
  unfavorModelRoom,
  updateModelRoomScheme,
  type ModelRoom,
  type PagedList,
} from '../../api';
import { api } from '../app/api';
import { kernelState, useKernel } from '../kernel';
import { apiErrorText, notify } from '../notice';
import { makeModelRoomFromScheme, type MakeModelRoomRefusal, type MakeModelRoomServer } from '../scene/make-model-room';
import { answerModelRoomPrompt, modelRoomOpenUi, openModelRoom } from '../scene/open-model-room';
import { hasUnsavedWork, sceneSession } from '../scene/state';
import { useAreaFormat } from './format';
import { Icon } from './icons';
import { backMenu } from './menu';
import { roomTypeName } from './room-types';
import { SceneDialog } from './SceneDialog';
import { SIDE_PANEL_WIDTH } from './SidePanel';
import './house-panel.css';
import './model-room-panel.css';

// 样板间 (the ModelRoom menu, catalogues.md §2): sample rooms of the signed-in project and the
// public ones, newest first, 8 a page (core.md §7, §9); favourites; opening one goes through the
// scene session (ui/scene/open-model-room.ts), which asks to save the current scene first.

type Tab = 'all' | 'favor' | 'mine';

/** How long typing in the search box waits before it asks the server. */
const SEARCH_DEBOUNCE_MS = 350;

type Load = { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; page: PagedList<ModelRoom> };

interface Query {
  readonly tab: Tab;
  readonly keyword: string;
  readonly page: number;
}

/** The server calls of 制作样板间, bound to the API client (failures are shown by the panel). */
const makeServer: MakeModelRoomServer = {
  countForScene: async (sceneId) => (await listModelRooms(api, { scene_id: sceneId }, { silent: true })).total,
  make: (sceneId) => makeModelRoom(api, sceneId, { silent: true }),
  patch: (id, update) => updateModelRoomScheme(api, id, update, { silent: true }),
};

function queryKey(q: Query): string {
  return `${q.tab}\u0000${q.keyword}\u0000${q.page}`;
}

export function ModelRoomPanel() {
  const { t } = useLingui();
  const listId = useId();
  const [query, setQuery] = useState<Query>({ tab: 'all', keyword: '', page: 1 });
  const [draft, setDraft] = useState('');
  // A refresh of the same query keeps the cards on show until the new page arrives.
  const [refresh, setRefresh] = useState(0);
  const key = queryKey(query);
  const [answer, setAnswer] = useState<{ key: string; load: Load } | null>(null);
  const load: Load = answer?.key === key ? answer.load : { state: 'loading' };
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const [opening, setOpening] = useState<number | null>(null);
  const [making, setMaking] = useState(false);
  const { busy } = useSnapshot(sceneSession);
  const { status } = useKernel();

  useEffect(() => {
    const controller = new AbortController();
    const params = {
      page: query.page,
      pageSize: MODEL_ROOM_PAGE_SIZE,
      keyword: query.keyword || undefined,
      favor: query.tab === 'favor' ? true : undefined,
      mine: query.tab === 'mine' ? true : undefined,
    };
    listModelRooms(api, params, { silent: true, signal: controller.signal }).then(
      (page) => {
        // A page emptied under us (the last favourite on it removed): show the one before.
        if (page.data.length === 0 && page.total > 0 && query.page > 1) {
          setQuery((q) => (queryKey(q) === key ? { ...q, page: Math.max(1, page.last_page) } : q));
          return;
        }
        setAnswer({ key, load: { state: 'done', page } });
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setAnswer({ key, load: { state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) } });
      },
    );
    return () => controller.abort();
  }, [key, query.page, query.keyword, query.tab, refresh]);

  // Typing searches after a pause; Enter searches at once.
  useEffect(() => {
    const keyword = draft.trim();
    if (keyword === query.keyword) return;
    const timer = setTimeout(() => setQuery((q) => ({ ...q, keyword, page: 1 })), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [draft, query.keyword]);

  // The sample-room prompt lives as long as the panel that asked it.
  useEffect(() => () => answerModelRoomPrompt('close'), []);

  function onSearch(e: FormEvent) {
    e.preventDefault();
    const keyword = draft.trim();
    setQuery((q) => (q.keyword === keyword ? q : { ...q, keyword, page: 1 }));
  }

  function selectTab(tab: Tab) {
    setQuery((q) => (q.tab === tab ? q : { ...q, tab, page: 1 }));
  }

  /** Arrow keys, Home and End move between the tabs (the WAI-ARIA tabs pattern). */
  function onTabKey(e: KeyboardEvent<HTMLDivElement>) {
    const order: readonly Tab[] = ['all', 'favor', 'mine'];
    const at = order.indexOf(query.tab);
    const moves: Record<string, number> = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: order.length - 1 };
    const to = moves[e.key];
    if (to === undefined) return;
    const next = order[(to + order.length) % order.length];
    if (!next) return;
    e.preventDefault();
    selectTab(next);
    e.currentTarget.querySelector<HTMLButtonElement>(`[data-tab="${next}"]`)?.focus();
  }

  function retry() {
    setAnswer(null);
    setRefresh((n) => n + 1);
  }

  /** Changes one card of the page on show. */
  function patchRoom(id: number, patch: Partial<Pick<ModelRoom, 'favor' | 'viewed_count'>> | ModelRoom) {
    setAnswer((prev) => {
      if (!prev || prev.load.state !== 'done') return prev;
      const page = prev.load.page;
      return { ...prev, load: { state: 'done', page: { ...page, data: page.data.map((r) => (r.id === id ? { ...r, ...patch } : r)) } } };
    });
  }

  function setPendingFor(id: number, on: boolean) {
    setPending((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  async function toggleFavor(room: ModelRoom) {
    if (pending.has(room.id)) return;
    setPendingFor(room.id, true);
    try {
      // Failures are shown by the client's notice (接口出错！ …); the card stays as it was.
      const result = room.favor ? await unfavorModelRoom(api, room.scheme_id) : await favorModelRoom(api, room);
      patchRoom(room.id, { favor: result.favor });
      // On the favourites tab a removed favourite leaves the list: read the page again.
      if (query.tab === 'favor' && result.favor === 0) setRefresh((n) => n + 1);
    } catch {
      // already shown
    } finally {
      setPendingFor(room.id, false);
    }
  }

  async function open(room: ModelRoom) {
    if (opening !== null) return;
    setOpening(room.id);
    try {
      // Read it fresh: its scene may have been set or changed since the page was listed.
      let fresh: ModelRoom;
      try {
        fresh = await getModelRoom(api, room.id);
      } catch {
        return; // shown by the client's notice
      }
      patchRoom(room.id, fresh);
      if (!(await openModelRoom(fresh))) return;
      // The server does not count the owner's own views; it answers the count either way.
      const counted = await countModelRoomView(api, fresh.id, { silent: true }).catch(() => null);
      if (counted) patchRoom(room.id, { viewed_count: counted.viewed_count });
    } finally {
      setOpening(null);
    }
  }

  /** 制作样板间: core.md §5's checks in order, then the server makes it; the list shows it first. */
  async function makeFromScheme() {
    if (making) return;
    setMaking(true);
    try {
      const rooms = Object.values(kernelState.rooms);
      const outcome = await makeModelRoomFromScheme(
        makeServer,
        { rooms, sceneId: sceneSession.scene?.id ?? null, unsaved: hasUnsavedWork(sceneSession, kernelState.dirty) },
        { wholeRoomType: kernelState.meta.roomType, rooms },
      );
      if (outcome.kind === 'refused') {
        notify(refusalText(outcome.reason), { kind: 'warning' });
        return;
      }
      if (outcome.kind === 'failed') {
        notify(isApiError(outcome.error) ? apiErrorText(outcome.error) : String(outcome.error), { kind: 'error' });
        return;
      }
      notify(t`样板间「${outcome.room.name}」已制作`, { kind: 'success' });
      // Newest first on 全部: the new card leads the first page.
      setDraft('');
      setQuery({ tab: 'all', keyword: '', page: 1 });
      setRefresh((n) => n + 1);
    } finally {
      setMaking(false);
    }
  }

  function refusalText(reason: MakeModelRoomRefusal): string {
    switch (reason) {
      case 'no-room':
        return t`该场景没有发现房间，无法进行样板间制作`;
      case 'untyped-room':
        return t`请先设置房间类型`;
      case 'save-first':
        return t`请先保存场景`;
      case 'made-before':
        return t`该场景已制作过样板间！`;
    }
  }

  const tabs: readonly { id: Tab; label: string }[] = [
    { id: 'all', label: t`全部` },
    { id: 'favor', label: t`我的收藏` },
    { id: 'mine', label: t`本项目` },
  ];
  const page = load.state === 'done' ? load.page : null;
  const pages = page ? Math.max(1, page.last_page) : 1;
  const pageNumber = query.page;
  const total = page?.total ?? 0;
  const canOpen = status === 'ready' && busy === null && opening === null;
  const emptyText = query.keyword
    ? t`没有找到相关样板间`
    : query.tab === 'favor'
      ? t`暂无收藏`
      : t`暂无样板间`;

  return (
    <aside className="side-panel hp mr-panel" style={{ width: SIDE_PANEL_WIDTH.open }} aria-label={t`样板间`}>
      <header className="hp-header">
        <h1 className="hp-header__title">
          <Icon name="gallery" size={20} />
          <span>{t`样板间`}</span>
        </h1>
        <button type="button" className="icon-button hp-header__toggle" aria-label={t`返回户型`} title={t`返回户型`} onClick={backMenu}>
          <Icon name="collapse" size={18} />
        </button>
      </header>

      <div className="mr-toolbar">
        <button
          type="button"
          className="button button--primary mr-make"
          disabled={status !== 'ready' || busy !== null || making}
          aria-busy={making}
          title={t`用当前方案制作一个样板间`}
          onClick={() => void makeFromScheme()}
        >
          {making ? <span className="mr-card__spinner" aria-hidden="true" /> : <Icon name="gallery" size={16} />}
          <Trans>制作样板间</Trans>
        </button>
        <div className="mr-tabs" role="tablist" aria-label={t`样板间分类`} onKeyDown={onTabKey}>
          {tabs.map((tab) => (
            <button
              key={tab.id}
              type="button"
              role="tab"
              className="mr-tabs__tab"
              aria-selected={query.tab === tab.id}
              aria-controls={listId}
              tabIndex={query.tab === tab.id ? 0 : -1}
              data-tab={tab.id}
              onClick={() => selectTab(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <form className="mr-search" role="search" onSubmit={onSearch}>
          <label className="hp-input mr-search__box">
            <SearchIcon />
            <span className="sr-only">{t`搜索样板间`}</span>
            <input
              type="search"
              className="hp-input__control mr-search__control"
              placeholder={t`搜索名称或风格`}
              value={draft}
              maxLength={100}
              onChange={(e) => setDraft(e.currentTarget.value)}
            />
          </label>
        </form>
      </div>

      <div id={listId} className="mr-content" role="tabpanel" aria-busy={load.state === 'loading'}>
        {load.state === 'loading' ? (
          <div className="mr-status" role="status">
            <span className="spinner" aria-hidden="true" />
            <span>{t`加载中…`}</span>
          </div>
        ) : load.state === 'error' ? (
          <div className="mr-status" role="alert">
            <p className="mr-status__text">{load.text}</p>
            <button type="button" className="button button--secondary" onClick={retry}>
              <Trans>重试</Trans>
            </button>
          </div>
        ) : load.page.data.length === 0 ? (
          <p className="mr-status mr-status--empty">{emptyText}</p>
        ) : (
          <ul className="mr-grid" aria-label={t`样板间列表`}>
            {load.page.data.map((room) => (
              <li key={room.id}>
                <ModelRoomCard
                  room={room}
                  favorPending={pending.has(room.id)}
                  opening={opening === room.id}
                  canOpen={canOpen}
                  onFavor={() => void toggleFavor(room)}
                  onOpen={() => void open(room)}
                />
              </li>
            ))}
          </ul>
        )}
      </div>

      <nav className="mr-pager" aria-label={t`分页`}>
        <button
          type="button"
          className="button button--secondary mr-pager__button"
          disabled={query.page <= 1 || load.state === 'loading'}
          onClick={() => setQuery((q) => ({ ...q, page: q.page - 1 }))}
        >
          <Trans>上一页</Trans>
        </button>
        <span className="mr-pager__info">
          {page ? (
            <Trans>
              第 {pageNumber} / {pages} 页
            </Trans>
          ) : null}
          {page ? (
            <span className="mr-pager__total">
              <Trans>共 {total} 个</Trans>
            </span>
          ) : null}
        </span>
        <button
          type="button"
          className="button button--secondary mr-pager__button"
          disabled={query.page >= pages || load.state !== 'done'}
          onClick={() => setQuery((q) => ({ ...q, page: q.page + 1 }))}
        >
          <Trans>下一页</Trans>
        </button>
      </nav>

      <ModelRoomPrompt />
    </aside>
  );
}

interface CardProps {
  readonly room: ModelRoom;
  readonly favorPending: boolean;
  readonly opening: boolean;
  readonly canOpen: boolean;
  readonly onFavor: () => void;
  readonly onOpen: () => void;
}

function ModelRoomCard({ room, favorPending, opening, canOpen, onFavor, onOpen }: CardProps) {
  const { t, i18n } = useLingui();
  const formatArea = useAreaFormat();
  const nameId = useId();
  const area = formatArea(room.area);
  const count = room.viewed_count;
  const name = room.name;
  const favored = room.favor === 1;
  return (
    <article className="mr-card" aria-labelledby={nameId}>
      <div className="mr-card__cover">
        <CoverImage src={room.cover_url} />
        <span className="mr-card__type">{i18n._(roomTypeName(room.room_type))}</span>
        <button
          type="button"
          className="mr-card__favor"
          aria-pressed={favored}
          aria-label={t`收藏`}
          title={favored ? t`取消收藏` : t`收藏`}
          disabled={favorPending}
          onClick={onFavor}
        >
          <HeartIcon filled={favored} />
        </button>
      </div>
      <div className="mr-card__body">
        <h2 id={nameId} className="mr-card__name" title={name}>
          {name}
        </h2>
        <p className="mr-card__meta">
          <span className="mr-card__area">
            <Trans>{area} m²</Trans>
          </span>
          {room.style ? (
            <span className="mr-card__style" title={room.style}>
              {room.style}
            </span>
          ) : null}
        </p>
        <div className="mr-card__foot">
          <span className="mr-card__views" title={t`浏览次数`}>
            <EyeIcon />
            <span className="sr-only">{t`浏览次数`}</span>
            <span data-testid="model-room-views">{count}</span>
          </span>
          <button
            type="button"
            className="button button--primary mr-card__open"
            disabled={!canOpen}
            aria-busy={opening}
            aria-label={t`打开样板间 ${name}`}
            onClick={onOpen}
          >
            {opening ? <span className="mr-card__spinner" aria-hidden="true" /> : null}
            <Trans>打开</Trans>
          </button>
        </div>
      </div>
    </article>
  );
}

/** The cover picture; a drawn placeholder when there is none or it fails to load. */
function CoverImage({ src }: { readonly src: string }) {
  const [failed, setFailed] = useState<string | null>(null);
  if (!src || failed === src) {
    return (
      <span className="mr-card__img mr-card__img--empty" aria-hidden="true">
        <Icon name="gallery" size={28} />
      </span>
    );
  }
  return <img className="mr-card__img" src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(src)} />;
}

/** 是否保存当前场景 (core.md §4 sample-room open prompt): save then open, open without saving, or close. */
function ModelRoomPrompt() {
  const { t } = useLingui();
  const { prompt } = useSnapshot(modelRoomOpenUi);
  const name = prompt?.name ?? '';
  return (
    <SceneDialog
      open={prompt !== null}
      title={t`保存提示`}
      role="alertdialog"
      onClose={() => answerModelRoomPrompt('close')}
      footer={
        <>
          <button type="button" className="button button--ghost" onClick={() => answerModelRoomPrompt('close')}>
            <Trans>关闭</Trans>
          </button>
          <button type="button" className="button button--secondary" onClick={() => answerModelRoomPrompt('discard')}>
            <Trans>不保存</Trans>
          </button>
          <button type="button" className="button button--primary" onClick={() => answerModelRoomPrompt('save')}>
            <Trans>保存</Trans>
          </button>
        </>
      }
    >
      <p className="scene-dialog__text">
        <Trans>打开样板间「{name}」前，是否保存当前场景？不保存的修改将会丢失。</Trans>
      </p>
    </SceneDialog>
  );
}

function SearchIcon() {
  return (
    <svg className="mr-search__icon" width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <circle cx="9" cy="9" r="5.5" />
      <path d="m13.2 13.2 3.3 3.3" strokeLinecap="round" />
    </svg>
  );
}

function HeartIcon({ filled }: { readonly filled: boolean }) {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" fill={filled ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" aria-hidden="true">
      <path d="M10 16.5s-6.5-3.9-6.5-8.3A3.5 3.5 0 0 1 10 6.3a3.5 3.5 0 0 1 6.5 1.9c0 4.4-6.5 8.3-6.5 8.3Z" />
    </svg>
  );
}

function EyeIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden="true">
      <path d="M2 10s3-5.5 8-5.5S18 10 18 10s-3 5.5-8 5.5S2 10 2 10Z" strokeLinejoin="round" />
      <circle cx="10" cy="10" r="2.3" />
    </svg>
  );
}

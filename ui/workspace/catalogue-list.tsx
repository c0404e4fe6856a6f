import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { FILTER_MORE_VALUE, isApiError, type FilterOption, type MixMode, type PagedList } from '../../api';
import type { PavingFace } from '../../protocol/records';
import { api } from '../app/api';
import { reportSourceUsed } from '../app/usage';
import { apiErrorText, notify, notifyApiError } from '../notice';
import { SelectField } from './controls';
import { clampPage } from '../widgets/logic';
import { send } from './panel-commands';

// The pieces the TileWorkPlan panel's catalogue lists share (tiles in TilePanel.tsx, pavings and
// waterjet medallions in PavingList.tsx): the query state, one page loaded per request, the
// search box, filter selects, the load/error/empty states, the cards, the pager, and laying a
// picked item with paving.lay. Classes are the panel's tp- ones (tile-panel.css).

/** The surface a picked item goes on (from the selection). */
export interface LayTarget {
  readonly id: string;
  readonly kind: 'room' | 'wall';
  readonly name: string;
}

export type Load<R> = { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; result: R };

/** Filters of one list: null or '' is "any". */
type FilterValues = { readonly keyword: string } & Record<string, string | number | null>;

/** The filters, the typed search text, the page and a retry counter of one catalogue list. */
export function useCatalogueQuery<F extends FilterValues>(none: F) {
  const [filters, setFilters] = useState<F>(none);
  const [keywordDraft, setKeywordDraft] = useState('');
  const [page, setPage] = useState(1);
  const [attempt, setAttempt] = useState(0);
  return {
    filters,
    page,
    attempt,
    keywordDraft,
    setKeywordDraft,
    setPage,
    /** true when any filter or the search narrows the list */
    filtered: Object.entries(filters).some(([key, v]) => (key === 'keyword' ? v !== '' : v !== null)),
    change(next: Partial<F>) {
      setFilters((prev) => ({ ...prev, ...next }));
      setPage(1);
    },
    clear() {
      setFilters(none);
      setKeywordDraft('');
      setPage(1);
    },
    search(event: FormEvent) {
      event.preventDefault();
      const keyword = keywordDraft.trim();
      setFilters((prev) => ({ ...prev, keyword }));
      setPage(1);
    },
    retry() {
      setAttempt((n) => n + 1);
    },
  };
}

/** What the search box and the filter row use of a list's query. */
export type CatalogueQuery = Pick<ReturnType<typeof useCatalogueQuery>, 'keywordDraft' | 'setKeywordDraft' | 'search' | 'filtered' | 'clear'>;

/**
 * One page from the server per `request` (a string that stands for every input of the call); an
 * answer to an older request is never shown. `onLoaded` runs when a page arrives.
 */
export function useCatalogueLoad<R>(request: string, fetch: (signal: AbortSignal) => Promise<R>, onLoaded?: () => void): Load<R> {
  const [answer, setAnswer] = useState<{ request: string; load: Load<R> } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(controller.signal).then(
      (result) => {
        setAnswer({ request, load: { state: 'done', result } });
        onLoaded?.();
      },
      (e: unknown) => {
        if (!controller.signal.aborted) setAnswer({ request, load: { state: 'error', text: isApiError(e) ? apiErrorText(e) : String(e) } });
      },
    );
    return () => controller.abort();
    // `request` stands for every input of the call.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [request]);
  return answer?.request === request ? answer.load : { state: 'loading' };
}

/**
 * A filter list as select options. A truncated list (core.md §7: more than 11 entries) shows its
 * first 10 and the 'more' entry; `expanded` lists the rest in place of 'more'.
 */
export function optionsOf(list: readonly FilterOption[], expanded = true): { value: string; label: string }[] {
  return list.flatMap((o) => {
    if (o.value !== FILTER_MORE_VALUE || !o.children) return [{ value: o.value, label: `${o.name} (${o.count})` }];
    return expanded ? o.children.map((c) => ({ value: c.value, label: `${c.name} (${c.count})` })) : [{ value: o.value, label: `${o.name} (${o.children.length}) …` }];
  });
}

export function CatalogueSearch({ query, placeholder, label }: { readonly query: CatalogueQuery; readonly placeholder: string; readonly label: string }) {
  return (
    <form className="tp-search" role="search" onSubmit={query.search}>
      <input
        className="hp-input__control tp-search__input"
        type="search"
        value={query.keywordDraft}
        maxLength={50}
        placeholder={placeholder}
        aria-label={label}
        onChange={(e) => query.setKeywordDraft(e.target.value)}
      />
      <button type="submit" className="button tp-search__go">
        <Trans>搜索</Trans>
      </button>
    </form>
  );
}

/** The filter selects in two columns, with 清除筛选 while anything narrows the list. */
export function CatalogueFilters({ query, children }: { readonly query: CatalogueQuery; readonly children: ReactNode }) {
  return (
    <div className="tp-filters">
      {children}
      {query.filtered ? (
        <button type="button" className="button button--ghost tp-filters__clear" onClick={query.clear}>
          <Trans>清除筛选</Trans>
        </button>
      ) : null}
    </div>
  );
}

/**
 * A select over one of the server's filter lists (value null: any). A truncated list opens folded
 * (10 entries and 'more'); picking 'more' unfolds it in place. A chosen value among the folded
 * rest keeps the list unfolded, so the select can name it.
 */
export function FilterSelect({
  label,
  placeholder,
  value,
  list,
  onChange,
}: {
  readonly label: string;
  readonly placeholder: string;
  readonly value: string | null;
  readonly list: readonly FilterOption[] | undefined;
  readonly onChange: (value: string) => void;
}) {
  const [unfolded, setUnfolded] = useState(false);
  const more = list?.find((o) => o.value === FILTER_MORE_VALUE && o.children);
  const expanded = unfolded || Boolean(more?.children?.some((c) => c.value === value));
  return (
    <SelectField
      label={label}
      value={value}
      placeholder={placeholder}
      options={list ? optionsOf(list, expanded) : []}
      keepOpenFor={more && !expanded ? FILTER_MORE_VALUE : undefined}
      onChange={(v) => (v === FILTER_MORE_VALUE ? setUnfolded(true) : onChange(v))}
    />
  );
}

/** Favourites changed here, by id, so a card shows its star at once and a favourites list drops it. */
export function useFavours<T extends { readonly id: number }>(favourOf: (item: T) => 0 | 1, toggle: (item: T, favoured: boolean) => Promise<0 | 1>) {
  const [favours, setFavours] = useState<ReadonlyMap<number, 0 | 1>>(new Map());
  const isFavoured = (item: T) => (favours.get(item.id) ?? favourOf(item)) === 1;
  return {
    isFavoured,
    async toggle(item: T) {
      try {
        const next = await toggle(item, isFavoured(item));
        setFavours((prev) => new Map(prev).set(item.id, next));
      } catch (e) {
        if (isApiError(e)) notifyApiError(e);
      }
    },
    /** a new page came: the server's stars hold again */
    reset() {
      setFavours(new Map());
    },
  };
}

export type Favours<T extends { readonly id: number }> = ReturnType<typeof useFavours<T>>;

/** Loading, an error with 重试, the empty text, or the grid of cards (a click lays the item). */
/** A list still loading, or its load failed (with 重试): what every catalogue shows before its results. */
export function LoadPending({ load, onRetry }: { readonly load: Exclude<Load<unknown>, { state: 'done' }>; readonly onRetry: () => void }) {
  if (load.state === 'loading') {
    return (
      <p className="tp-status" role="status">
        <Trans>加载中...</Trans>
      </p>
    );
  }
  return (
    <div className="tp-status" role="alert">
      <p>{load.text}</p>
      <button type="button" className="button" onClick={onRetry}>
        <Trans>重试</Trans>
      </button>
    </div>
  );
}

export function CatalogueResults<T extends CatalogueEntry>({
  load,
  items,
  label,
  emptyText,
  onRetry,
  favours,
  target,
  face,
  detail,
  wholePictures,
}: {
  readonly load: Load<unknown>;
  /** the cards to show */
  readonly items: readonly T[];
  readonly label: string;
  readonly emptyText: ReactNode;
  readonly onRetry: () => void;
  readonly favours: Favours<T>;
  readonly target: LayTarget | null;
  readonly face: PavingFace;
  /** a line under the size (a pattern's category) */
  readonly detail?: (item: T) => string;
  /** show each picture whole (a medallion) rather than filling the card */
  readonly wholePictures?: boolean;
}) {
  const { laying, lay } = useLay(target, face);
  if (load.state !== 'done') return <LoadPending load={load} onRetry={onRetry} />;
  if (items.length === 0) return <p className="tp-status">{emptyText}</p>;
  return (
    <ul className={wholePictures ? 'tp-grid tp-grid--whole' : 'tp-grid'} aria-label={label}>
      {items.map((item) => (
        <CatalogueCard
          key={item.id}
          entry={item}
          detail={detail?.(item)}
          favoured={favours.isFavoured(item)}
          target={target}
          busy={laying !== null}
          onLay={() => void lay(item)}
          onFavour={() => void favours.toggle(item)}
        />
      ))}
    </ul>
  );
}

/** What a card shows and what laying it needs. */
export interface CatalogueEntry {
  readonly id: number;
  readonly code: string;
  readonly name: string;
  readonly image: string;
  readonly width: number;
  readonly height: number;
  readonly brand: string;
  readonly price: number;
  readonly mode: MixMode;
}

/** One item: a click lays it (when a surface is selected); the star keeps it in the favourites. */
function CatalogueCard({
  entry,
  detail,
  favoured,
  target,
  busy,
  onLay,
  onFavour,
}: {
  readonly entry: CatalogueEntry;
  readonly detail: string | undefined;
  readonly favoured: boolean;
  readonly target: LayTarget | null;
  /** an item is being laid */
  readonly busy: boolean;
  readonly onLay: () => void;
  readonly onFavour: () => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <li className="tp-card">
      <button
        type="button"
        className="tp-card__lay"
        disabled={!target || busy}
        title={target ? t`铺贴 ${entry.name}` : t`先选择房间或墙体`}
        aria-label={t`铺贴 ${entry.name}`}
        onClick={onLay}
      >
        <img className="tp-card__image" src={entry.image} alt="" loading="lazy" width={160} height={120} />
        <span className="tp-card__name">{entry.name}</span>
        <span className="tp-card__meta">
          {entry.width}×{entry.height} · {entry.brand}
        </span>
        {detail !== undefined ? <span className="tp-card__meta tp-card__detail">{detail}</span> : null}
        <span className="tp-card__price">{i18n.number(entry.price, { style: 'currency', currency: 'CNY', maximumFractionDigits: 0 })}</span>
      </button>
      <FavourButton favoured={favoured} name={entry.name} onClick={onFavour} />
    </li>
  );
}

/** The star on a card: keeps the item in (or takes it out of) the favourites. */
export function FavourButton({ favoured, name, onClick }: { readonly favoured: boolean; readonly name: string; readonly onClick: () => void }) {
  const { t } = useLingui();
  return (
    <button
      type="button"
      className="tp-card__favour"
      aria-pressed={favoured}
      aria-label={favoured ? t`取消收藏 ${name}` : t`收藏 ${name}`}
      title={favoured ? t`取消收藏` : t`收藏`}
      onClick={onClick}
    >
      <svg width="16" height="16" viewBox="0 0 20 20" aria-hidden="true">
        <path
          d="m10 2.8 2.2 4.5 5 .7-3.6 3.5.9 4.9L10 14.1l-4.5 2.3.9-4.9L2.8 8l5-.7Z"
          fill={favoured ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="1.4"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}

/** 上一页 / 第 x / y 页，共 n 款 / 下一页, when there is more than one page. */
export function CataloguePager({ result, page, onPage }: { readonly result: PagedList<unknown> | null; readonly page: number; readonly onPage: (page: number) => void }) {
  const { t } = useLingui();
  if (!result || result.last_page <= 1) return null;
  // catalogues.md §5: the page asked for stays within 1..last_page.
  const turn = (to: number) => {
    const next = clampPage(to, result.last_page);
    if (next !== page) onPage(next);
  };
  return (
    <nav className="tp-pages" aria-label={t`翻页`}>
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => turn(page - 1)}>
        <Trans>上一页</Trans>
      </button>
      <span className="tp-pages__where">
        <Trans>
          第 {result.current_page} / {result.last_page} 页，共 {result.total} 款
        </Trans>
      </span>
      <button type="button" className="button button--ghost" disabled={page >= result.last_page} onClick={() => turn(page + 1)}>
        <Trans>下一页</Trans>
      </button>
    </nav>
  );
}

/**
 * Laying a picked item on the target's face (paving.lay: one undo step): the id being laid
 * (null when none), and the call. A laid item is reported as a paving source used.
 */
function useLay(target: LayTarget | null, face: PavingFace): { laying: number | null; lay: (entry: CatalogueEntry) => Promise<void> } {
  const { t } = useLingui();
  const [laying, setLaying] = useState<number | null>(null);
  async function lay(entry: CatalogueEntry) {
    if (!target) return;
    setLaying(entry.id);
    const done = await send('paving.lay', {
      surface: { id: target.id, face },
      tileCode: entry.code,
      tileWidth: entry.width,
      tileHeight: entry.height,
      mode: entry.mode,
      // Only addresses the kernel accepts (this server's files or http(s)); others lay it untextured.
      ...(/^(\/files\/|https?:\/\/)/.test(entry.image) ? { image: entry.image } : {}),
    });
    setLaying(null);
    if (!done) return;
    notify(t`已铺贴：${entry.name}`, { kind: 'success', duration: 2000 });
    reportSourceUsed(api, 'pavingAgent', entry.id);
  }
  return { laying, lay };
}

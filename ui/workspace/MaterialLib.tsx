import { Trans, useLingui } from '@lingui/react/macro';
import { Link, Outlet, useLocation } from '@tanstack/react-router';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import {
  deleteFavorMaterials,
  favorMaterial,
  getCategoryList,
  getMaterialFilters,
  getMaterialHistory,
  isApiError,
  MATERIAL_SOURCE_TYPE,
  MATERIAL_UPLOAD_LIMITS,
  recordMaterialUse,
  storeCategory,
  storeCategoryMap,
  uploadMaterial,
  type CatalogueMaterial,
  type LibraryCategory,
  type MaterialFilterResult,
  type MaterialScope,
  type PagedList,
} from '../../api';
import type { CommandArgs, MaterialTarget } from '../../protocol/commands';
import { api } from '../app/api';
import { useKernel } from '../kernel';
import { notify, notifyApiError } from '../notice';
import { CatalogueFilters, CataloguePager, CatalogueSearch, FavourButton, FilterSelect, LoadPending, useCatalogueLoad, useCatalogueQuery, useFavours, type Favours } from './catalogue-list';
import { Segmented, SelectField, SwitchField } from './controls';
import { appliedOf, partLabels, useModelParts } from './materials/parts';
import { choosePart, useChosenPart } from './materials/target';
import { send } from './panel-commands';
import './tile-panel.css';
import './materials/material-lib.css';

// The material library (材质库, core.md §2 /MaterialLib): MaterialBall shows each material as a
// shaded sphere, MeterialImg as its flat texture, each over CommonLib (public), BrandLib (the
// project's) and PersonLib (the user's own uploads); History lists the last 20 applied. A card's
// 应用 puts the material on the selected wall face, floor, ceiling or model part
// (material.apply: one undo step) and records the use.

type Shelf = 'CommonLib' | 'BrandLib' | 'PersonLib';
const SCOPE_OF: Readonly<Record<Shelf, MaterialScope>> = { CommonLib: 'public', BrandLib: 'brand', PersonLib: 'personal' };

type Filters = { category: string | null; cate: number | null; keyword: string };
const NO_FILTERS: Filters = { category: null, cate: null, keyword: '' };

export function MaterialLibPanel() {
  const { t } = useLingui();
  return (
    <aside className="floating-panel ml" aria-labelledby="material-lib-title">
      <header className="floating-panel__header">
        <h2 id="material-lib-title">
          <Trans>材质库</Trans>
        </h2>
        <Link to="/" className="icon-button" aria-label={t`关闭材质库`}>
          ×
        </Link>
      </header>
      <nav className="tabs" aria-label={t`材质库分类`}>
        <Link to="/MaterialLib/MaterialBall" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>材质球</Trans>
        </Link>
        <Link to="/MaterialLib/MeterialImg" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>贴图</Trans>
        </Link>
        <Link to="/MaterialLib/History" className="tabs__tab" activeProps={{ 'aria-current': 'page' }}>
          <Trans>历史记录</Trans>
        </Link>
      </nav>
      <ApplyTarget />
      <Outlet />
    </aside>
  );
}

/** Where 应用 puts a material, from the selection; null when nothing dressable is selected. */
function useTarget(): { target: MaterialTarget | null; hasModelParts: boolean } {
  const { selected } = useKernel();
  const [roomFace] = useRoomFace();
  const [wallFace] = useWallFace();
  const part = useChosenPart(selected?.kind === 'model' ? selected.id : null);
  if (selected?.kind === 'room') return { target: { kind: 'room', id: selected.id, face: roomFace }, hasModelParts: false };
  if (selected?.kind === 'wall') return { target: { kind: 'wall', id: selected.id, face: wallFace }, hasModelParts: false };
  if (selected?.kind === 'model') return { target: part ? { kind: 'model', id: selected.id, part } : null, hasModelParts: true };
  return { target: null, hasModelParts: false };
}

// The faces chosen last, shared by the target section and the cards (module state: one panel).
let roomFaceNow: 'floor' | 'ceiling' = 'floor';
let wallFaceNow: 'left' | 'right' = 'left';
const faceListeners = new Set<() => void>();
function useFaceState<T>(get: () => T, set: (v: T) => void): [T, (v: T) => void] {
  const [, bump] = useState(0);
  useEffect(() => {
    const l = () => bump((n) => n + 1);
    faceListeners.add(l);
    return () => void faceListeners.delete(l);
  }, []);
  return [
    get(),
    (v) => {
      set(v);
      for (const l of faceListeners) l();
    },
  ];
}
const useRoomFace = () => useFaceState(() => roomFaceNow, (v: 'floor' | 'ceiling') => (roomFaceNow = v));
const useWallFace = () => useFaceState(() => wallFaceNow, (v: 'left' | 'right') => (wallFaceNow = v));

/** The selected surface or model part the cards' 应用 dresses, with the face or part to pick. */
function ApplyTarget() {
  const { t, i18n } = useLingui();
  const { selected } = useKernel();
  const [roomFace, setRoomFace] = useRoomFace();
  const [wallFace, setWallFace] = useWallFace();
  const model = selected?.kind === 'model' ? selected : null;
  const parts = useModelParts(model?.gltfUrl ?? null);
  const chosen = useChosenPart(model?.id ?? null);
  const { target } = useTarget();
  const labels = parts.state === 'done' ? partLabels(parts.parts, (d) => i18n._(d)) : new Map<string, string>();
  const firstPart = parts.state === 'done' ? (parts.parts.find((p) => /^(fabric|leather)_/.test(p)) ?? parts.parts[0] ?? null) : null;
  // No part picked yet (the library opened from the menu): the upholstery, what is changed most often.
  useEffect(() => {
    if (model && chosen === null && firstPart !== null) choosePart(model.id, firstPart);
  }, [model, chosen, firstPart]);

  return (
    <section className="tp-target ml-target" aria-label={t`应用位置`}>
      {selected?.kind === 'room' ? (
        <>
          <p className="tp-target__what">
            <Trans>应用到房间：{selected.name || t`未命名`}</Trans>
          </p>
          <Segmented
            label={t`应用面`}
            value={roomFace}
            options={[
              { value: 'floor', label: t`地面` },
              { value: 'ceiling', label: t`顶面` },
            ]}
            onChange={setRoomFace}
          />
        </>
      ) : selected?.kind === 'wall' ? (
        <>
          <p className="tp-target__what">
            <Trans>应用到所选墙体</Trans>
          </p>
          <Segmented
            label={t`应用面`}
            value={wallFace}
            options={[
              { value: 'left', label: t`左侧墙面` },
              { value: 'right', label: t`右侧墙面` },
            ]}
            onChange={setWallFace}
          />
        </>
      ) : model ? (
        <>
          <p className="tp-target__what">
            <Trans>应用到模型：{model.name || model.modelId}</Trans>
          </p>
          {parts.state === 'done' ? (
            <SelectField
              label={t`部件`}
              value={chosen}
              placeholder={t`选择部件`}
              options={parts.parts.map((p) => ({ value: p, label: labels.get(p) ?? p }))}
              onChange={(p) => choosePart(model.id, p)}
            />
          ) : parts.state === 'loading' ? (
            <p className="hp-hint">
              <Trans>正在读取模型部件...</Trans>
            </p>
          ) : (
            <p className="hp-hint">
              <Trans>此模型没有可替换材质的部件</Trans>
            </p>
          )}
        </>
      ) : (
        <p className="hp-hint hp-hint--block">
          <Trans>先在视图中选择墙体、房间或模型，再点击材质的"应用"。</Trans>
        </p>
      )}
      {target ? (
        <button type="button" className="button button--ghost ml-clear" onClick={() => void send('material.apply', { target, material: null } satisfies CommandArgs<'material.apply'>)}>
          <Trans>恢复原材质</Trans>
        </button>
      ) : null}
    </section>
  );
}

/** The name in the interface's language (the catalogue carries both). */
function useNameOf(): (m: CatalogueMaterial) => string {
  const { i18n } = useLingui();
  const english = i18n.locale.startsWith('en');
  return (m) => (english && m.name_en ? m.name_en : m.name);
}

/** Applies a material on the current target and files it in History. */
function useApply(): { target: MaterialTarget | null; apply: (m: CatalogueMaterial) => Promise<void>; busy: boolean } {
  const { t } = useLingui();
  const { target } = useTarget();
  const nameOf = useNameOf();
  const [busy, setBusy] = useState(false);
  return {
    target,
    busy,
    async apply(m) {
      if (!target) return;
      setBusy(true);
      try {
        const done = await send('material.apply', { target, material: appliedOf(m, nameOf(m)) });
        if (done === undefined) return;
        notify(t`已应用材质：${nameOf(m)}`, { kind: 'success', duration: 2000 });
        // History is a convenience: a failed record leaves the applied material as it is
        await recordMaterialUse(api, m.id, { silent: true }).catch(() => undefined);
      } finally {
        setBusy(false);
      }
    },
  };
}

export function LibraryTabs({ library }: { readonly library: 'MaterialBall' | 'MeterialImg' | 'History' }) {
  const { t } = useLingui();
  const location = useLocation();
  if (library === 'History') return <HistoryList />;
  const shelf = (['CommonLib', 'BrandLib', 'PersonLib'] as const).find((s) => location.pathname.endsWith(`/${s}`)) ?? 'CommonLib';
  return (
    <div className="floating-panel__body ml-body">
      <nav className="chips" aria-label={t`资源库`}>
        <Link to={`/MaterialLib/${library}/CommonLib`} className="chip" activeProps={{ 'aria-current': 'page' }}>
          <Trans>公共库</Trans>
        </Link>
        <Link to={`/MaterialLib/${library}/BrandLib`} className="chip" activeProps={{ 'aria-current': 'page' }}>
          <Trans>品牌库</Trans>
        </Link>
        <Link to={`/MaterialLib/${library}/PersonLib`} className="chip" activeProps={{ 'aria-current': 'page' }}>
          <Trans>个人库</Trans>
        </Link>
      </nav>
      <Outlet />
      <MaterialList key={`${library}/${shelf}`} shelf={shelf} ball={library === 'MaterialBall'} />
    </div>
  );
}

function MaterialList({ shelf, ball }: { readonly shelf: Shelf; readonly ball: boolean }) {
  const { t } = useLingui();
  const [favourites, setFavourites] = useState(false);
  const query = useCatalogueQuery<Filters>(NO_FILTERS);
  const { filters, page } = query;
  const [categories, setCategories] = useState<readonly LibraryCategory[]>([]);
  const [uploads, setUploads] = useState(0);
  const favours = useFavours<CatalogueMaterial>(
    (m) => m.favor,
    async (m, favoured) => {
      if (favoured) {
        await deleteFavorMaterials(api, [m.id], { silent: true });
        return 0;
      }
      return (await favorMaterial(api, m.id, { silent: true })).favor;
    },
  );
  const scope: MaterialScope = favourites ? 'favor' : SCOPE_OF[shelf];
  const load = useCatalogueLoad<MaterialFilterResult>(
    JSON.stringify([scope, filters, page, query.attempt, uploads]),
    (signal) =>
      getMaterialFilters(
        api,
        {
          scope,
          page,
          keyword: filters.keyword || undefined,
          category: (filters.category ?? undefined) as CatalogueMaterial['category'] | undefined,
          cate_id: filters.cate ?? undefined,
        },
        { silent: true, signal },
      ),
    favours.reset,
  );
  const reloadCategories = () =>
    getCategoryList(api, { source_type: MATERIAL_SOURCE_TYPE }, { silent: true }).then(setCategories, () => setCategories([]));
  useEffect(() => {
    void reloadCategories();
  }, []);

  const result = load.state === 'done' ? load.result : null;
  const shown = result ? result.data.filter((m) => !favourites || favours.isFavoured(m)) : [];
  const { target, apply, busy } = useApply();

  return (
    <>
      <SwitchField
        label={t`只看收藏`}
        checked={favourites}
        onChange={(on) => {
          setFavourites(on);
          query.setPage(1);
        }}
      />
      <CatalogueSearch query={query} placeholder={t`搜索材质名称、类别`} label={t`搜索材质`} />
      <CatalogueFilters query={query}>
        <FilterSelect label={t`类别`} value={filters.category} placeholder={t`全部类别`} list={result?.filters.category} onChange={(v) => query.change({ category: v })} />
        <SelectField
          label={t`我的分类`}
          value={filters.cate}
          placeholder={t`全部分类`}
          options={categories.map((c) => ({ value: c.id, label: `${c.name} (${c.count})` }))}
          onChange={(v) => query.change({ cate: v })}
        />
      </CatalogueFilters>
      <NewCategory onMade={() => void reloadCategories()} />
      {shelf === 'PersonLib' && !favourites ? <UploadTexture onDone={() => setUploads((n) => n + 1)} /> : null}
      <MaterialGrid
        load={load}
        items={shown}
        ball={ball}
        favours={favours}
        target={target !== null}
        busy={busy}
        onApply={(m) => void apply(m)}
        categories={categories}
        onFiled={() => void reloadCategories()}
        onRetry={query.retry}
        emptyText={
          favourites ? (
            <Trans>暂无收藏的材质，点击材质右上角的星标收藏</Trans>
          ) : shelf === 'PersonLib' ? (
            <Trans>个人库还没有材质，上传一张贴图试试</Trans>
          ) : shelf === 'BrandLib' ? (
            <Trans>品牌库暂无材质</Trans>
          ) : (
            <Trans>没有符合条件的材质</Trans>
          )
        }
      />
      <CataloguePager result={result} page={page} onPage={query.setPage} />
    </>
  );
}

/** 新建分类: a user category of materials (the source library); a name is required. */
function NewCategory({ onMade }: { readonly onMade: () => void }) {
  const { t } = useLingui();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(t`请输入文件名称`);
      return;
    }
    try {
      await storeCategory(api, { name: name.trim(), source_type: MATERIAL_SOURCE_TYPE }, { silent: true });
      notify(t`已新建分类：${name.trim()}`, { kind: 'success', duration: 2000 });
      setName('');
      setError(null);
      setOpen(false);
      onMade();
    } catch (err) {
      if (isApiError(err)) setError(err.kind === "network" ? t`网络错误!` : (err.serverMessage || err.message));
      else throw err;
    }
  }
  if (!open) {
    return (
      <button type="button" className="button button--ghost ml-new-category" onClick={() => setOpen(true)}>
        <Trans>新建分类</Trans>
      </button>
    );
  }
  return (
    <form className="ml-form" onSubmit={(e) => void submit(e)} aria-label={t`新建分类`}>
      <input className="hp-input__control" value={name} maxLength={50} placeholder={t`分类名称`} aria-label={t`分类名称`} onChange={(e) => setName(e.target.value)} />
      <button type="submit" className="button">
        <Trans>确定</Trans>
      </button>
      <button type="button" className="button button--ghost" onClick={() => setOpen(false)}>
        <Trans>取消</Trans>
      </button>
      {error ? (
        <p className="ml-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

/** PersonLib: the user's own PNG or JPEG becomes a material; refusals come back in the user's language. */
function UploadTexture({ onDone }: { readonly onDone: () => void }) {
  const { t } = useLingui();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [tile, setTile] = useState('1000');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!file) return setError(t`请选择贴图文件`);
    if (!name.trim()) return setError(t`请输入材质名称`);
    if (file.size > MATERIAL_UPLOAD_LIMITS.maxBytes) return setError(t`贴图文件过大（上限 8 MB）`);
    const tileMm = Number(tile);
    if (!Number.isInteger(tileMm) || tileMm < 10 || tileMm > 10_000) return setError(t`贴图尺寸应为 10 到 10000 毫米`);
    setSending(true);
    try {
      await uploadMaterial(api, { file, name: name.trim(), tileMm }, { silent: true });
      notify(t`已上传：${name.trim()}`, { kind: 'success', duration: 2000 });
      setFile(null);
      setName('');
      setError(null);
      onDone();
    } catch (err) {
      if (isApiError(err)) setError(err.kind === "network" ? t`网络错误!` : (err.serverMessage || err.message));
      else throw err;
    } finally {
      setSending(false);
    }
  }
  return (
    <form className="ml-form ml-upload" onSubmit={(e) => void submit(e)} aria-label={t`上传贴图`}>
      <label className="ml-upload__file">
        <span>{file ? file.name : t`选择 PNG 或 JPEG 贴图`}</span>
        <input type="file" accept="image/png,image/jpeg" aria-label={t`贴图文件`} onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      </label>
      <input className="hp-input__control" value={name} maxLength={50} placeholder={t`材质名称`} aria-label={t`材质名称`} onChange={(e) => setName(e.target.value)} />
      <label className="ml-upload__tile">
        <span>
          <Trans>实际尺寸 (mm)</Trans>
        </span>
        <input className="hp-input__control" inputMode="numeric" value={tile} aria-label={t`贴图实际尺寸（毫米）`} onChange={(e) => setTile(e.target.value)} />
      </label>
      <button type="submit" className="button" disabled={sending}>
        <Trans>上传贴图</Trans>
      </button>
      {error ? (
        <p className="ml-error" role="alert">
          {error}
        </p>
      ) : null}
    </form>
  );
}

function MaterialGrid({
  load,
  items,
  ball,
  favours,
  target,
  busy,
  onApply,
  categories,
  onFiled,
  onRetry,
  emptyText,
}: {
  readonly load: { state: 'loading' } | { state: 'error'; text: string } | { state: 'done'; result: unknown };
  readonly items: readonly CatalogueMaterial[];
  readonly ball: boolean;
  readonly favours: Favours<CatalogueMaterial> | null;
  readonly target: boolean;
  readonly busy: boolean;
  readonly onApply: (m: CatalogueMaterial) => void;
  readonly categories: readonly LibraryCategory[];
  readonly onFiled: () => void;
  readonly onRetry: () => void;
  readonly emptyText: ReactNode;
}) {
  const { t } = useLingui();
  const nameOf = useNameOf();
  if (load.state !== 'done') return <LoadPending load={load} onRetry={onRetry} />;
  if (items.length === 0) return <p className="tp-status empty-state">{emptyText}</p>;
  async function file(m: CatalogueMaterial, cateId: number) {
    try {
      await storeCategoryMap(api, m.id, { source_type: MATERIAL_SOURCE_TYPE, cate_id: cateId }, { silent: true });
      notify(t`已加入分类`, { kind: 'success', duration: 2000 });
      onFiled();
    } catch (e) {
      if (isApiError(e)) notifyApiError(e);
    }
  }
  return (
    <ul className="tp-grid ml-grid" aria-label={t`材质`}>
      {items.map((m) => {
        const name = nameOf(m);
        return (
          <li key={m.id} className="tp-card ml-card" data-material-id={m.material_id}>
            <div className="ml-card__body">
              <img className={`ml-card__image${ball ? ' ml-card__image--ball' : ''}`} src={ball ? m.ball_url : m.cover_url} alt="" loading="lazy" width={120} height={120} />
              <span className="tp-card__name" title={name}>
                {name}
              </span>
              <span className="tp-card__meta">
                {m.map_url ? t`${m.tile_mm} mm 一个循环` : t`纯色`}
              </span>
              <div className="ml-card__actions">
                <button
                  type="button"
                  className="button ml-apply"
                  disabled={!target || busy}
                  title={target ? t`应用 ${name}` : t`先选择墙体、房间或模型部件`}
                  aria-label={t`应用 ${name}`}
                  onClick={() => onApply(m)}
                >
                  <Trans>应用</Trans>
                </button>
                {categories.length > 0 ? (
                  <select className="ml-file" aria-label={t`加入分类：${name}`} value="" onChange={(e) => void file(m, Number(e.target.value))}>
                    <option value="" disabled>
                      {t`归类`}
                    </option>
                    {categories.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </select>
                ) : null}
              </div>
            </div>
            {favours ? <FavourButton favoured={favours.isFavoured(m)} name={name} onClick={() => void favours.toggle(m)} /> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** 历史记录: the last 20 materials the user applied, newest first. */
function HistoryList() {
  const [attempt, setAttempt] = useState(0);
  const load = useCatalogueLoad<PagedList<CatalogueMaterial>>(String(attempt), (signal) => getMaterialHistory(api, { silent: true, signal }));
  const { target, apply, busy } = useApply();
  const items = load.state === 'done' ? load.result.data : [];
  return (
    <div className="floating-panel__body ml-body">
      <p className="hp-hint">
        <Trans>最近使用的 20 个材质</Trans>
      </p>
      <MaterialGrid
        load={load}
        items={items}
        ball
        favours={null}
        target={target !== null}
        busy={busy}
        onApply={(m) => void apply(m).then(() => setAttempt((n) => n + 1))}
        categories={[]}
        onFiled={() => undefined}
        onRetry={() => setAttempt((n) => n + 1)}
        emptyText={<Trans>暂无使用记录</Trans>}
      />
    </div>
  );
}

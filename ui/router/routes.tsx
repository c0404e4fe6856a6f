import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import {
  Navigate,
  Outlet,
  createRootRoute,
  createRoute,
  lazyRouteComponent,
  redirect,
  useParams,
  type AnyRoute,
} from '@tanstack/react-router';
import { lazy } from 'react';
import { BrowserCheck } from '../app/BrowserCheck';
import { FullScreenKey } from '../app/full-screen';
import { LogoutDialog } from '../auth/LogoutDialog';
import { readChuangmiEntryChecked, readLoginProject, readUser } from '../auth/storage';
import { Toaster } from '../notice';
import { MallLayout } from '../screens/MallLayout';
import { Placeholder } from '../screens/Placeholder';
import { LibraryTabs, MaterialLibPanel } from '../workspace/MaterialLib';
import { guardRedirect } from './guard';

// The route tree of core.md §2, code-based. Paths the spec leaves open:
//   /MaterialLib                              -> /MaterialLib/MaterialBall/CommonLib
//   /MaterialLib/MaterialBall/{CommonLib,BrandLib,PersonLib}   (MaterialBall alone -> CommonLib)
//   /MaterialLib/MeterialImg/{CommonLib,BrandLib,PersonLib}    (MeterialImg alone -> CommonLib)
//   /MaterialLib/History
//   /mall/person-member, /mall/home           (/mall alone shows the mall's own page)
//   /personcenter also answers /personCenter: matching is case-insensitive, as for every path.
// Unknown paths go to / through the splat route (the guard runs first, so a visitor without a
// user lands on the login screen instead).

/** The id of the splat route below ('$' under the root). */
const UNKNOWN_ROUTE_ID = '/$';

const rootRoute = createRootRoute({
  beforeLoad: ({ location, matches }) => {
    const user = readUser();
    const target = guardRedirect({
      path: location.pathname,
      search: location.searchStr,
      user: user && { id: user.id, project: user.project, username: user.username, specialList: user.special_list === 1 },
      loginProject: readLoginProject(),
      // The splat route matches only what no other route does.
      known: !matches.some((m) => m.routeId === UNKNOWN_ROUTE_ID),
      chuangmiEntryChecked: readChuangmiEntryChecked(user),
    });
    if (target) throw redirect({ href: target, replace: true });
  },
  component: RootLayout,
  notFoundComponent: () => <Navigate to="/" replace />,
});

function RootLayout() {
  return (
    <>
      <Outlet />
      <LogoutDialog />
      <BrowserCheck />
      <FullScreenKey />
      <Toaster />
    </>
  );
}

// ---- lazy screens: about, home, personCenter, login, cloudscreen-ds (one chunk each) ----

// Screens that take props are React.lazy (the router's lazyRouteComponent expects to be the route
// component itself); the router's Match supplies the Suspense boundary for both kinds.
const LoginScreen = lazy(() => import('../screens/login'));
const CloudScreenDeson = lazy(() => import('../screens/cloudscreen-ds'));
const HomeScreen = lazyRouteComponent(() => import('../screens/home'));
const AboutScreen = lazyRouteComponent(() => import('../screens/about'));
const PersonCenterScreen = lazyRouteComponent(() => import('../screens/personCenter'));
const PriceListScreen = lazyRouteComponent(() => import('../screens/priceList'));
const ProtocolScreen = lazyRouteComponent(() => import('../screens/protocol'));

function placeholder(title: MessageDescriptor) {
  return function PlaceholderRoute() {
    return <Placeholder title={title} />;
  };
}

function child(parent: AnyRoute, path: string, title: MessageDescriptor) {
  return createRoute({ getParentRoute: () => parent, path, component: placeholder(title) });
}

// ---- public routes ----

const loginSearch = (search: Record<string, unknown>): { redirect?: string } =>
  typeof search.redirect === 'string' ? { redirect: search.redirect } : {};

export const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: loginSearch,
  component: () => <LoginScreen />,
});

export const projectLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$loginProject/login',
  validateSearch: loginSearch,
  component: ProjectLogin,
});

function ProjectLogin() {
  // Not projectLoginRoute.useParams(): a component reading its own route's types inside the route's
  // initializer makes the route tree's type circular.
  const { loginProject } = useParams({ strict: false });
  // Keyed: another project in the path is a fresh form.
  return <LoginScreen key={loginProject} project={loginProject} />;
}

const desonLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'deson/login',
  validateSearch: loginSearch,
  component: () => <LoginScreen project="deson" />,
});

// The cloud-platform project's own login page.
const shukeLoginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'shuke_login',
  validateSearch: loginSearch,
  component: () => <LoginScreen project="shuke" />,
});

const cloudscreenDesonRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cloudscreen-deson',
  component: () => <CloudScreenDeson />,
});

const cloudscreenDesonRawRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'cloudscreen-deson-raw',
  component: () => <CloudScreenDeson raw />,
});

// The read-only viewers (ui/viewer): one viewer, two loaders. /onlyShowScene opens in a new window
// with ?src=<scene file>&showQuotation=1; /scene-share?shareCode= is what a share link opens.
const OnlyShowSceneScreen = lazyRouteComponent(() => import('../viewer/screens'), 'OnlyShowSceneScreen');
const SceneShareScreen = lazyRouteComponent(() => import('../viewer/screens'), 'SceneShareScreen');
const onlyShowSceneRoute = createRoute({ getParentRoute: () => rootRoute, path: 'onlyShowScene', component: OnlyShowSceneScreen });
const sceneShareRoute = createRoute({ getParentRoute: () => rootRoute, path: 'scene-share', component: SceneShareScreen });

// The panorama viewers (ui/pano, one chunk): ?code= opens a shared panorama without a login.
const PanoScreen = lazyRouteComponent(() => import('../pano/screens'), 'PanoScreen');
const SinglePanoScreen = lazyRouteComponent(() => import('../pano/screens'), 'SinglePanoScreen');
const WalkPanoScreen = lazyRouteComponent(() => import('../pano/screens'), 'WalkPanoScreen');
const panoRoutes = [
  createRoute({ getParentRoute: () => rootRoute, path: 'pano', component: PanoScreen }),
  createRoute({ getParentRoute: () => rootRoute, path: 'singlePano', component: SinglePanoScreen }),
  createRoute({ getParentRoute: () => rootRoute, path: 'walkPano', component: WalkPanoScreen }),
];

const publicPlaceholders = [
  child(rootRoute, 'wxlogin', msg`微信登录`),
  child(rootRoute, 'popClone', msg`方案克隆`),
  child(rootRoute, 'minhuah5', msg`敏华移动端`),
  child(rootRoute, 'orderToMete', msg`订单转量房`),
  child(rootRoute, 'cloudscreen-minhua', msg`敏华云屏`),
  child(rootRoute, 'HCK', msg`HCK 展示`),
  child(rootRoute, 'DesignIsLang/detail', msg`设计详情`),
  child(rootRoute, 'FluidAnimation', msg`流体动画`),
];

// ---- the design workspace (Home) and its material library ----

const homeRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'home',
  component: HomeScreen,
});

const homeIndexRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: '/',
  component: () => null,
});

const materialLibRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'MaterialLib',
  component: MaterialLibPanel,
});

const materialLibIndexRoute = createRoute({
  getParentRoute: () => materialLibRoute,
  path: '/',
  beforeLoad: () => {
    throw redirect({ href: '/MaterialLib/MaterialBall/CommonLib', replace: true });
  },
});

function libraryRoute(path: 'MaterialBall' | 'MeterialImg') {
  const route = createRoute({
    getParentRoute: () => materialLibRoute,
    path,
    component: () => <LibraryTabs library={path} />,
  });
  const index = createRoute({
    getParentRoute: () => route,
    path: '/',
    beforeLoad: () => {
      throw redirect({ href: `/MaterialLib/${path}/CommonLib`, replace: true });
    },
  });
  const shelves = (['CommonLib', 'BrandLib', 'PersonLib'] as const).map((shelf) =>
    createRoute({ getParentRoute: () => route, path: shelf, component: () => null }),
  );
  return route.addChildren([index, ...shelves]);
}

const materialHistoryRoute = createRoute({
  getParentRoute: () => materialLibRoute,
  path: 'History',
  component: () => <LibraryTabs library="History" />,
});

// The quote screens live inside the workspace (like the material library), so the open scene's
// kernel keeps running behind them and they re-quote as it changes. The quote chunk loads on demand.
const QuoteScreen = lazy(() => import('../quote/QuoteScreen').then((m) => ({ default: m.QuoteScreen })));

const quoteDetailsRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'quoteDetails',
  component: () => <QuoteScreen scope="all" />,
});

const wardrobeQuoteRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'wardrobeQuote',
  component: () => <QuoteScreen scope="wardrobe" />,
});

const WallboardQuoteScreen = lazy(() => import('../quote/WallboardQuoteScreen').then((m) => ({ default: m.WallboardQuoteScreen })));

const wallboardQuoteRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'wallboardQuote',
  component: () => <WallboardQuoteScreen />,
});

const QuotationIntegration = lazy(() => import('../quote/QuotationIntegration').then((m) => ({ default: m.QuotationIntegration })));

// The whole quotation (cabinets, room doors, wall boards, tiles), beside the cabinet quotes.
const quotationIntegrationRoute = createRoute({
  getParentRoute: () => homeRoute,
  path: 'quotationIntegration',
  component: QuotationIntegration,
});

// ---- signed-in pages ----

const aboutRoute = createRoute({ getParentRoute: () => rootRoute, path: 'about', component: AboutScreen });
const personCenterRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'personcenter',
  component: PersonCenterScreen,
});

// The project's quotation price list (issue 14), next to the quote screens' camelCase paths.
const priceListRoute = createRoute({ getParentRoute: () => rootRoute, path: 'priceList', component: PriceListScreen });

// The user agreement and privacy policy, ?doc=agreement|privacy (the login screen shows them in a dialog).
const protocolRoute = createRoute({ getParentRoute: () => rootRoute, path: 'protocol', component: ProtocolScreen });

const ChuangmiEntryScreen = lazyRouteComponent(() => import('../screens/chuangmiEntry'));

/** The route core.md §2 calls ChuangmiEntryCheck. */
export const chuangmiEntryCheckRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'chuangmi-entry',
  validateSearch: loginSearch,
  component: ChuangmiEntryScreen,
});

const privatePlaceholders = [
  child(rootRoute, 'deson/design', msg`德尚设计`),
  child(rootRoute, 'panoIframe', msg`全景嵌入`),
  child(rootRoute, 'modelList', msg`模型列表`),
  child(rootRoute, 'wireframes', msg`线框图`),
  child(rootRoute, 'drawing', msg`图纸`),
  child(rootRoute, 'update-log', msg`更新日志`),
  chuangmiEntryCheckRoute,
  child(rootRoute, 'CheckGroup', msg`审核组`),
  child(rootRoute, 'preview', msg`方案预览`),
];

const mallRoute = createRoute({ getParentRoute: () => rootRoute, path: 'mall', component: MallLayout });
const mallChildren = [
  createRoute({ getParentRoute: () => mallRoute, path: '/', component: () => null }),
  createRoute({ getParentRoute: () => mallRoute, path: 'person-member', component: () => null }),
  createRoute({ getParentRoute: () => mallRoute, path: 'home', component: () => null }),
];

const unknownRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '$',
  beforeLoad: () => {
    throw redirect({ href: '/', replace: true });
  },
});

export const routeTree = rootRoute.addChildren([
  loginRoute,
  projectLoginRoute,
  desonLoginRoute,
  shukeLoginRoute,
  cloudscreenDesonRoute,
  cloudscreenDesonRawRoute,
  onlyShowSceneRoute,
  sceneShareRoute,
  ...panoRoutes,
  ...publicPlaceholders,
  homeRoute.addChildren([
    homeIndexRoute,
    materialLibRoute.addChildren([
      materialLibIndexRoute,
      libraryRoute('MaterialBall'),
      libraryRoute('MeterialImg'),
      materialHistoryRoute,
    ]),
    quoteDetailsRoute,
    wardrobeQuoteRoute,
    wallboardQuoteRoute,
    quotationIntegrationRoute,
  ]),
  aboutRoute,
  personCenterRoute,
  priceListRoute,
  protocolRoute,
  ...privatePlaceholders,
  mallRoute.addChildren(mallChildren),
  unknownRoute,
]);

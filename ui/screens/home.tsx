import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { KernelCanvas, onKernelError } from '../kernel';
import { api } from '../app/api';
import { useAccessLoader } from '../auth/access';
import { startUsageReporting } from '../app/usage';
import { attachSceneSession } from '../scene/controller';
import { attachEmbed } from '../embed';
import { localFileDragOver, localFileDrop } from '../scene/local-file-actions';
import { systemClock } from '../scene/ports';
import { notifyKernelFailure, useGestureRefusals } from '../workspace/kernel-notices';
import { SceneBusyOverlay, SceneDialogs } from '../workspace/SceneDialogs';
import { resetMenu } from '../workspace/menu';
import { MenuPanels } from '../workspace/MenuPanels';
import { MenuRail } from '../workspace/MenuRail';
import { productDragLeave, productDragOver, productDrop } from '../workspace/product-drop';
import { TransparencyBar } from '../workspace/TransparencyBar';
import { RenderPreview } from '../render/RenderPreview';
import { useUserRenderOptions } from '../workspace/useUserRenderOptions';
import { TopBar } from '../workspace/TopBar';

// Lazy screen "home" (core.md §2): the design workspace. Child routes (the material library) open
// as a panel over the 3D view.
export default function HomeScreen() {
  // A failing kernel command reaches the user as 内核命令出错！ (the design card), or in its own
  // words where the designer can act on it (an opening that does not fit).
  useEffect(() => onKernelError(notifyKernelFailure), []);
  // And a drag's refusal (a cabinet's gizmo resize its doors do not allow), told by the tool summary.
  useGestureRefusals();
  // The scene session (save, open, backups, restore, forced-logout auto save) lives as long as the workspace.
  useEffect(() => attachSceneSession(), []);
  // Inside a partner's frame: the host page's messages (issue 19, ui/embed/); nothing otherwise.
  useEffect(() => attachEmbed(), []);
  // Camera speed, drag response and mouse buttons from the user config.
  useUserRenderOptions();
  // Statistics: the visit and the time spent (core.md §7).
  useEffect(() => startUsageReporting(api, systemClock), []);
  // Who may open which menu and tool (core.md §6): the profile, read once per visit.
  useAccessLoader();
  // Each visit to the workspace starts on HouseType.
  useEffect(() => resetMenu, []);

  return (
    <div className="workspace">
      <TopBar />
      <div className="workspace__body">
        <MenuRail />
        <MenuPanels />
        <main
          className="workspace__view"
          onDragOver={(e) => {
            productDragOver(e);
            localFileDragOver(e);
          }}
          onDragLeave={productDragLeave}
          onDrop={(e) => {
            productDrop(e);
            localFileDrop(e);
          }}
        >
          <KernelCanvas />
          <TransparencyBar />
          <RenderPreview />
          <SceneBusyOverlay />
          <Outlet />
        </main>
        <SceneDialogs />
      </div>
    </div>
  );
}

import { Outlet } from '@tanstack/react-router';
import { useEffect } from 'react';
import { KernelCanvas, onKernelError } from '../kernel';
import { notifyKernelError } from '../notice';
import { attachSceneSession } from '../scene/controller';
import { SceneBusyOverlay, SceneDialogs } from '../workspace/SceneDialogs';
import { SidePanel } from '../workspace/SidePanel';
import { TopBar } from '../workspace/TopBar';

// Lazy screen "home" (core.md §2): the design workspace. Child routes (the material library) open
// as a panel over the 3D view.
export default function HomeScreen() {
  // A failing kernel command reaches the user as 内核命令出错！ (the design card).
  useEffect(() => onKernelError(() => notifyKernelError()), []);
  // The scene session (save, open, backups, restore, forced-logout auto save) lives as long as the workspace.
  useEffect(() => attachSceneSession(), []);

  return (
    <div className="workspace">
      <TopBar />
      <div className="workspace__body">
        <SidePanel />
        <main className="workspace__view">
          <KernelCanvas />
          <SceneBusyOverlay />
          <Outlet />
        </main>
        <SceneDialogs />
      </div>
    </div>
  );
}

// Writes the scene file of every seeded sample room (样板间) to
// server/catalogues/model-room-scenes/<seed key>.json: `npm run catalogue:scenes`. The files are
// committed; tests/kernel/model-room-scenes.test.ts fails when one differs from what this makes.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MODEL_ROOM_SCENES_DIR, modelRoomSceneFileName } from '../server/catalogues/model-room-scenes';
import { buildModelRoomScenes } from './model-room-scenes-build';

export function writeModelRoomScenes(dir = MODEL_ROOM_SCENES_DIR): string[] {
  fs.mkdirSync(dir, { recursive: true });
  const written: string[] = [];
  for (const { seed, built } of buildModelRoomScenes()) {
    const file = path.join(dir, modelRoomSceneFileName(seed.key));
    fs.writeFileSync(file, built.json);
    const area = built.rooms.reduce((s, r) => s + r.area, 0);
    console.log(
      `${seed.key}: ${built.rooms.length} room(s) ${area.toFixed(2)} m² (seed ${seed.area}), ${built.models} models -> ${path.relative(process.cwd(), file)}`,
    );
    written.push(file);
  }
  return written;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeModelRoomScenes();
}

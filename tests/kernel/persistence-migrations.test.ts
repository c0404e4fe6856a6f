import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { canonicalJson, type SceneFile } from '../../protocol/scene-file';
import {
  MIGRATIONS,
  currentSchema,
  currentVersion,
  documentRecordTypes,
  migrationsOf,
  type RecordMigration,
} from '../../kernel-worker/persistence/migrations';
import { fileKernel } from './persistence-kit';

// Every migration must be exercised by a fixture: a scene file written at the version the
// migration starts from, under tests/kernel/fixtures/scenes/. Each fixture also has the file that
// loading and saving it must give (<name>.expected.json); after a deliberate change, regenerate
// them with UPDATE_SCENE_FIXTURES=1 npx vitest run --project kernel persistence-migrations.

const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures/scenes');
const fixtures = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'))
  .sort();

function stepName(type: string, step: RecordMigration): string {
  return `${type} v${step.from} -> v${step.to} (${step.name})`;
}

const allSteps = documentRecordTypes().flatMap((type) => migrationsOf(type).map((step) => stepName(type, step)));

function loadFixture(file: string) {
  const ran = new Set<string>();
  const k = fileKernel({ onMigration: (step, type) => ran.add(stepName(type, step)) });
  const result = k.files.load(fs.readFileSync(path.join(dir, file), 'utf8'));
  return { ...k, result, ran, saved: k.files.save().json };
}

describe('migration sequences', () => {
  it('number every step from 1 without gaps, ending at the current version', () => {
    for (const type of documentRecordTypes()) {
      const steps = migrationsOf(type);
      steps.forEach((step, i) => {
        expect(step.from, `${type} step ${i}`).toBe(i + 1);
        expect(step.to, `${type} step ${i}`).toBe(i + 2);
      });
      expect(currentVersion(type)).toBe(steps.length + 1);
    }
    expect(Object.keys(MIGRATIONS).every((t) => (documentRecordTypes() as string[]).includes(t))).toBe(true);
  });

  it('have a fixture exercising every step', () => {
    expect(allSteps.length).toBeGreaterThan(0);
    const exercised = new Set<string>();
    for (const file of fixtures) for (const step of loadFixture(file).ran) exercised.add(step);
    const missing = allSteps.filter((s) => !exercised.has(s));
    expect(missing, `add a scene written before each of these under ${dir}`).toEqual([]);
  });
});

describe.each(fixtures)('fixture %s', (file) => {
  it('loads, migrates up to the current versions and saves as expected', () => {
    const { saved, result, ran } = loadFixture(file);
    expect(result.migrated).toBeGreaterThan(0);
    expect(ran.size).toBeGreaterThan(0);
    expect((JSON.parse(saved) as SceneFile).schema).toEqual(currentSchema());
    const expectedFile = path.join(dir, file.replace(/\.json$/, '.expected.json'));
    if (process.env.UPDATE_SCENE_FIXTURES === '1') {
      fs.writeFileSync(expectedFile, `${JSON.stringify(JSON.parse(saved), null, 2)}\n`);
    }
    expect(fs.existsSync(expectedFile), `${expectedFile} is missing (UPDATE_SCENE_FIXTURES=1 writes it)`).toBe(true);
    expect(saved).toBe(canonicalJson(JSON.parse(fs.readFileSync(expectedFile, 'utf8'))));
  });

  it('gives a file that loads again without migrating and saves to the same bytes', () => {
    const { saved } = loadFixture(file);
    const again = fileKernel();
    expect(again.files.load(saved).migrated).toBe(0);
    expect(again.files.save().json).toBe(saved);
  });
});

describe('wall v1 -> v2: boolean loadBearing becomes wallType', () => {
  it('maps true to loadBearing and false to normal, and drops the old field', () => {
    const { kernel } = loadFixture('wall-v1.json');
    expect(kernel.records.getOfType('wall-outer', 'wall')).toMatchObject({ wallType: 'loadBearing' });
    expect(kernel.records.getOfType('wall-inner', 'wall')).toMatchObject({ wallType: 'normal' });
    expect(kernel.records.get('wall-outer')).not.toHaveProperty('loadBearing');
  });

  it('migrates only the records written before it', () => {
    const [step] = migrationsOf('wall');
    expect(step!.up({ id: 'w', type: 'wall', loadBearing: false, thickness: 240 })).toEqual({ id: 'w', type: 'wall', wallType: 'normal', thickness: 240 });
    const { result } = loadFixture('wall-v1.json');
    expect(result.migrated).toBe(2);
  });
});

describe('meta v1 -> v2: hasMeasuringSize 0/1 becomes a boolean', () => {
  it('turns 1 into true and keeps every other field', () => {
    const { kernel } = loadFixture('meta-v1.json');
    expect(kernel.records.getOfType('meta', 'meta')).toMatchObject({ hasMeasuringSize: true, name: '量房方案', style: '现代' });
    const [step] = migrationsOf('meta');
    expect(step!.up({ id: 'm', type: 'meta', hasMeasuringSize: 0 })).toEqual({ id: 'm', type: 'meta', hasMeasuringSize: false });
    expect(() => step!.up({ id: 'm', type: 'meta', hasMeasuringSize: 'yes' })).toThrow(/hasMeasuringSize must be 0 or 1/);
  });
});

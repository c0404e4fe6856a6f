import { expect, test } from '@playwright/test';
import { decodePng } from './support/png';
import { distinctColours, dominantColour, pixelAt } from './support/pixels';

// The workspace specs judge the 3D view by decoding screenshots; this checks the decoder against
// a page whose pixels are known, so a broken decoder cannot make those specs pass or fail blindly.

test('decodes a Chromium screenshot into the colours that were drawn', async ({ page }) => {
  await page.setViewportSize({ width: 200, height: 100 });
  await page.setContent(`
    <style>html,body{margin:0}div{position:absolute;top:0;height:100px;width:50px}</style>
    <div style="left:0;background:#ff0000"></div><div style="left:50px;background:#00ff00"></div>
    <div style="left:100px;background:#0000ff"></div><div style="left:150px;background:linear-gradient(#000,#fff)"></div>`);
  for (const omitBackground of [false, true]) {
    const img = decodePng(await page.screenshot({ omitBackground }));
    expect([img.width, img.height]).toEqual([200, 100]);
    expect(pixelAt(img, 25, 50)).toEqual([255, 0, 0]);
    expect(pixelAt(img, 75, 50)).toEqual([0, 255, 0]);
    expect(pixelAt(img, 125, 50)).toEqual([0, 0, 255]);
    const top = pixelAt(img, 175, 2);
    const bottom = pixelAt(img, 175, 97);
    expect(top[0]).toBeLessThan(20);
    expect(bottom[0]).toBeGreaterThan(235);
    // A vertical gradient: every row has its own grey, so many distinct colours.
    expect(distinctColours(img, 0)).toBeGreaterThan(50);
    expect(dominantColour(img)).not.toEqual([255, 255, 255]);
  }
});

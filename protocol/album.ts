// One picture of a scene's album (图册): a finished render or a panorama. The album screen lists
// them from the server, shows them full size, deletes them and downloads a selection as one zip.

export type AlbumImageKind = 'render' | 'pano';

export interface AlbumImage {
  readonly id: string;
  readonly sceneId: string;
  readonly kind: AlbumImageKind;
  /** the full-size JPEG (a panorama: its equirectangular image) */
  readonly url: string;
  /** a 100 x 100 JPEG (core.md §5: album thumbnails) */
  readonly thumbUrl: string;
  readonly width: number;
  readonly height: number;
  /** ISO 8601 */
  readonly createdAt: string;
  /** what the designer called it (or the camera/room it was taken from); may be empty */
  readonly label: string;
}

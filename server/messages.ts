// Every text the server sends to a person lives here, so a translator edits one table and a test
// can check that no message lacks a language. Spec texts (section 8) are copied exactly.

export type Locale = 'zh' | 'en';

export const MESSAGES = {
  ok: { zh: '成功', en: 'OK' },
  loginFailed: { zh: '账号密码错误', en: 'Wrong account or password' },
  noAccess: { zh: '该账号无访问权限！', en: 'This account has no access!' },
  /** the authority tip (protocol/access.ts AUTHORITY_TIP, the UI shows the same words) */
  moduleNotLicensed: {
    zh: '您的账号暂未开通该功能模块或授权已过期，请联系管理员开通',
    en: 'Your account has no licence for this module, or it has expired; please ask your administrator',
  },
  loggedInElsewhere: {
    zh: '您的账号正在其他设备或不同浏览器登录访问',
    en: 'Your account is signed in on another device or browser',
  },
  sessionExpired: { zh: '登录已失效，请重新登录', en: 'Your session has expired, please sign in again' },
  invalidField: { zh: '请求参数错误：{field}', en: 'Invalid request parameter: {field}' },
  invalidJson: { zh: '请求体不是有效的 JSON', en: 'The request body is not valid JSON' },
  bodyTooLarge: { zh: '请求体过大（上限 {limit} 字节）', en: 'The request body is too large (limit {limit} bytes)' },
  sceneFileTooLarge: { zh: '方案文件解压后过大（上限 {limit} 字节）', en: 'The scene file is too large once inflated (limit {limit} bytes)' },
  compressionRatioTooHigh: {
    zh: '方案文件压缩比过高（上限 {limit} 倍）',
    en: 'The scene file is compressed too far (limit {limit} to 1)',
  },
  notFound: { zh: '接口不存在', en: 'No such API endpoint' },
  methodNotAllowed: { zh: '不支持的请求方法', en: 'Method not allowed' },
  internalError: { zh: '服务器内部错误', en: 'Internal server error' },
  uiNotBuilt: {
    zh: '界面尚未构建，请先运行 npm run build',
    en: 'The UI has not been built yet; run npm run build first',
  },
  // accounts family: input limits, login throttling, uploads, event log
  invalidText: {
    zh: '请求参数错误：{field} 含有无法保存的字符（空字符或不成对的代理字符）',
    en: 'Invalid request parameter: {field} contains characters that cannot be stored (NUL or unpaired surrogates)',
  },
  jsonTooDeep: {
    zh: '请求参数错误：{field} 的嵌套超过 {limit} 层',
    en: 'Invalid request parameter: {field} is nested deeper than {limit} levels',
  },
  unknownAction: {
    zh: '请求参数错误：action（不支持的操作 {action}）',
    en: 'Invalid request parameter: action (unsupported action {action})',
  },
  loginThrottled: {
    zh: '登录失败次数过多，请 {seconds} 秒后再试',
    en: 'Too many failed sign-in attempts; please wait {seconds} s and try again',
  },
  loginTokenInvalid: { zh: '登录凭证无效或已过期，请重新登录', en: 'The login token is invalid or has expired; please sign in again' },
  userNotFound: { zh: '用户不存在', en: 'No such user' },
  uploadNoFile: { zh: '请选择要上传的文件（字段 file）', en: 'No file was sent (field file)' },
  uploadEmpty: { zh: '上传的文件为空：{name}', en: 'The uploaded file is empty: {name}' },
  uploadTooLarge: { zh: '文件过大（上限 {limitMb} MB）', en: 'The file is too large (limit {limitMb} MB)' },
  userStorageQuotaExceeded: {
    zh: '存储空间不足：您已使用 {usedMb} MB，上限 {quotaMb} MB。请删除不需要的方案并清空回收站后重试',
    en: 'Storage full: you use {usedMb} MB of your {quotaMb} MB. Delete schemes you no longer need and empty the recycle bin, then try again',
  },
  projectStorageQuotaExceeded: {
    zh: '企业存储空间不足：已使用 {usedMb} MB，上限 {quotaMb} MB。请联系管理员清理空间',
    en: 'Storage full for your company: {usedMb} MB of {quotaMb} MB used. Please ask your administrator to free space',
  },
  uploadTypeNotAllowed: {
    zh: '不支持的文件类型：{name}（仅支持 PNG、JPEG、GIF、WebP、PDF、JSON、ZIP/XLSX、GLB）',
    en: 'File type not allowed: {name} (allowed: PNG, JPEG, GIF, WebP, PDF, JSON, ZIP/XLSX, GLB)',
  },
  uploadTypeMismatch: {
    zh: '文件内容与扩展名不符：{name} 的内容是 {actual}',
    en: 'The file content does not match its extension: {name} contains {actual}',
  },
  uploadNotMultipart: {
    zh: '上传请求必须是 multipart/form-data',
    en: 'An upload must be sent as multipart/form-data',
  },
  tooManyRequests: {
    zh: '请求过于频繁，请 {seconds} 秒后再试',
    en: 'Too many requests; try again in {seconds} seconds',
  },
  eventLogUndecryptable: {
    zh: '事件日志无法解密：payload 不是用约定密钥加密的 AES-GCM 数据',
    en: 'The event log cannot be decrypted: payload is not AES-GCM data under the agreed key',
  },
  // catalogues family: tiles, pavings, sample rooms, source library
  catalogueNotFound: { zh: '数据不存在或无权访问', en: 'Not found, or not accessible to you' },
  catalogueForbidden: { zh: '没有权限修改此数据', en: 'You may not change this item' },
  // 制作样板间 (core.md §5)
  modelRoomExists: { zh: '该场景已制作过样板间！', en: 'A sample room has already been made from this scene!' },
  modelRoomNoRoom: { zh: '该场景没有发现房间，无法进行样板间制作', en: 'No room was found in this scene, so no sample room can be made' },
  modelRoomUntypedRoom: { zh: '请先设置房间类型', en: 'Please set the room types first' },
  categoryNameRequired: { zh: '请输入文件名称', en: 'Please enter a name' },
  categoryNameTaken: { zh: '分类名称已存在：{name}', en: 'A category with this name already exists: {name}' },
  projectMismatch: { zh: '请求参数错误：project（只能查询当前登录的项目）', en: 'Invalid request parameter: project (only the signed-in project can be queried)' },
  tileType0: { zh: '瓷砖', en: 'Tile' },
  tileType1: { zh: '定制方案', en: 'Custom scheme' },
  tileType2: { zh: '拼花', en: 'Paving' },
  tileType3: { zh: '木地板', en: 'Wood floor' },
  tileType4: { zh: '淋浴石', en: 'Shower stone' },
  tileType5: { zh: '岩板', en: 'Rock slab' },
  filterMore: { zh: '更多', en: 'More' },
  pavingMode0: { zh: '普通铺贴', en: 'Plain' },
  pavingMode2: { zh: '旋转铺贴', en: 'Rotated' },
  pavingMode3: { zh: '多砖混铺', en: 'Multi-tile' },
  modelMountFloor: { zh: '落地', en: 'Floor-standing' },
  modelMountWall: { zh: '靠墙悬挂', en: 'Wall-mounted' },
  modelMountCeiling: { zh: '吊顶', en: 'Ceiling-mounted' },
  modelMountSurface: { zh: '台面摆放', en: 'On a surface' },
  modelWidthRange: { zh: '宽 {min}-{max} mm', en: 'Width {min}-{max} mm' },
  modelWidthAbove: { zh: '宽 {min} mm 以上', en: 'Width {min} mm and over' },
  modelSizeRange: {
    zh: '请求参数错误：{field}（最小值不能大于最大值）',
    en: 'Invalid request parameter: {field} (the minimum is greater than the maximum)',
  },
  // model uploads (PersonLib / BrandLib): one message per refusal
  modelUploadNotModel: {
    zh: '不支持的模型文件：{name}（请上传 GLB、glTF，或包含 .gltf 及其 .bin 和贴图的 ZIP 压缩包）',
    en: 'Not a model file: {name} (upload a GLB, a glTF, or a ZIP holding the .gltf with its .bin and textures)',
  },
  modelUploadCorrupt: {
    zh: '模型文件已损坏或无法读取：{name}',
    en: 'The model file is damaged or cannot be read: {name}',
  },
  modelUploadTooLarge: { zh: '模型文件过大（上限 {limitMb} MB）', en: 'The model file is too large (limit {limitMb} MB)' },
  modelUploadTooManyTriangles: {
    zh: '模型面数过多：{count} 个三角面（上限 {max}），请减面后再上传',
    en: 'The model has too many triangles: {count} (limit {max}); simplify it and upload again',
  },
  modelUploadTooManyTextures: {
    zh: '模型贴图过多：{count} 张（上限 {max} 张）',
    en: 'The model has too many textures: {count} (limit {max})',
  },
  modelUploadTextureTooLarge: {
    zh: '模型贴图尺寸过大：{width}×{height} 像素（每边上限 {max} 像素）',
    en: 'A texture of the model is too large: {width}×{height} pixels (limit {max} pixels a side)',
  },
  modelUploadTextureFormat: {
    zh: '不支持的贴图格式：{format}（仅支持 PNG 和 JPEG）',
    en: 'Unsupported texture format: {format} (only PNG and JPEG)',
  },
  modelUploadMissingFile: {
    zh: '模型引用的文件缺失：{file}（请把 .gltf 与它引用的 .bin 和贴图一起打包成 ZIP 上传）',
    en: 'A file the model refers to is missing: {file} (zip the .gltf together with the .bin and textures it refers to)',
  },
  modelUploadEmptyScene: {
    zh: '模型中没有可显示的几何体（场景为空）',
    en: 'The model has no geometry to show (the scene is empty)',
  },
  modelUploadUnsupportedExtension: {
    zh: '不支持的 glTF 扩展：{extension}（请导出时关闭压缩）',
    en: 'Unsupported glTF extension: {extension} (export without compression)',
  },
  modelUploadConversionFailed: {
    zh: '模型转换失败或超时：{name}（模型可能过于复杂，请减面或缩小贴图后重试）',
    en: 'The model could not be converted in time: {name} (it may be too complex; simplify it or shrink its textures and try again)',
  },
  modelUploadBrandForbidden: {
    zh: '只有项目管理员可以上传到品牌库',
    en: 'Only a project admin may upload to the brand library',
  },
  modelUploadCategory: { zh: '上传模型', en: 'Uploaded models' },
  // scenes family: scenes, versions, backups, scene files
  sceneNotFound: { zh: '场景不存在或无权访问', en: 'The scene does not exist or is not accessible to you' },
  shareNotFound: { zh: '分享链接无效或已取消分享', en: 'This share link is not valid or sharing has been stopped' },
  sceneVersionConflict: {
    zh: '场景已在其他地方被修改（当前为第 {current} 版，本次保存基于第 {base} 版），本次保存没有覆盖任何内容，请另存为副本',
    en: 'The scene was changed elsewhere (it is now at version {current}; this save was based on version {base}). Nothing was overwritten: save your work as a copy',
  },
  sceneEmpty: { zh: '场景不能为空！', en: 'empty scene cannot be saved' },
  // house-type library (户型入库)
  houseTypeNotFound: { zh: '户型不存在或无权访问', en: 'The house type does not exist or is not accessible to you' },
  houseTypeForbidden: { zh: '只有入库人或项目管理员可以删除此户型', en: 'Only whoever stored this house type, or a project admin, may delete it' },
  idempotencyKeyReused: {
    zh: '请求参数错误：Idempotency-Key 已用于另一个不同的请求',
    en: 'Invalid request: this Idempotency-Key was already used for a different request',
  },
  sceneFileUnavailable: {
    zh: '文件不存在、不属于当前用户或已被其他保存使用：{field}',
    en: 'The file does not exist, is not yours, or was already used by another save: {field}',
  },
  sceneFileInvalid: { zh: '文件内容无效：{field}', en: 'Invalid file content: {field}' },
  backupBaseNotFound: {
    zh: '备份的基准版本不存在：{base}，请发送完整的场景文件',
    en: 'The base version of the backup does not exist: {base}; send the full scene file',
  },
  backupDeltaInvalid: { zh: '备份增量无法应用到基准版本：{reason}', en: 'The backup delta cannot be applied to its base: {reason}' },
  saveBaseNotFound: {
    zh: '保存增量的基准版本不存在：{base}，请发送完整的场景文件',
    en: 'The base version of the save delta does not exist: {base}; send the full scene file',
  },
  saveDeltaInvalid: { zh: '保存增量无法应用到基准版本：{reason}，请发送完整的场景文件', en: 'The save delta cannot be applied to its base: {reason}; send the full scene file' },
  // material library (MaterialLib PersonLib uploads)
  materialUploadType: { zh: '只能上传 PNG 或 JPEG 图片作为贴图', en: 'Only PNG or JPEG images can be uploaded as a texture' },
  materialUploadTooLarge: { zh: '贴图文件过大（上限 {limitMb} MB）', en: 'The texture file is too large (limit {limitMb} MB)' },
  materialUploadUnreadable: { zh: '无法读取图片尺寸，文件可能已损坏', en: 'The image size cannot be read; the file may be damaged' },
  materialUploadPixelsTooLarge: {
    zh: '贴图尺寸过大：{width}×{height} 像素（每边上限 {max} 像素）',
    en: 'The texture is too large: {width}×{height} pixels (at most {max} pixels a side)',
  },
  materialUploadPixelsTooSmall: {
    zh: '贴图尺寸过小：{width}×{height} 像素（每边至少 {min} 像素）',
    en: 'The texture is too small: {width}×{height} pixels (at least {min} pixels a side)',
  },
  materialNameRequired: { zh: '请输入材质名称', en: 'Please enter a material name' },
  versionNotFound: { zh: '历史版本不存在：{id}', en: 'No such saved version: {id}' },
  // quotation price lists (issue 14)
  priceListInvalid: { zh: '价格表无效：{reason}', en: 'Invalid price list: {reason}' },
  priceListVersionNotFound: { zh: '价格表版本不存在：{version}', en: 'No such price list version: {version}' },
  priceListVersionConflict: {
    zh: '价格表已被他人修改（当前为第 {current} 版，本次修改基于第 {base} 版），没有保存任何内容',
    en: 'The price list was changed by someone else (it is now at version {current}; these edits were based on version {base}). Nothing was saved',
  },
  priceListUnchanged: { zh: '价格没有变化，未保存新版本', en: 'No price changed; no new version was saved' },
  // personal centre: user config, hotkeys, password (issue 15)
  userConfigUnknownField: { zh: '用户配置中没有 {field} 这一项', en: 'The user config has no setting {field}' },
  userConfigNotNumber: { zh: '{label}必须是数字', en: '{label} must be a number' },
  userConfigNotInteger: { zh: '{label}必须是整数', en: '{label} must be a whole number' },
  userConfigOutOfRange: { zh: '{label}必须在 {min} 到 {max} 之间', en: '{label} must be between {min} and {max}' },
  userConfigNotFlag: { zh: '{label}只能是开启或关闭', en: '{label} can only be on or off' },
  hotkeyUnknown: { zh: '没有名为 {name} 的快捷键', en: 'There is no hotkey named {name}' },
  hotkeyBadCombo: { zh: '{label}：无法识别的按键组合 {value}', en: '{label}: {value} is not a key combination this product can use' },
  hotkeyNeedsModifier: {
    zh: '{label}：{value} 需要配合 Ctrl、Shift 或 Alt 使用',
    en: '{label}: {value} needs Ctrl, Shift or Alt with it',
  },
  hotkeyPlainKeyOnly: {
    zh: '{label}：只能设为单个按键（不带 Ctrl、Shift、Alt），{value} 不行',
    en: '{label}: only a single key (without Ctrl, Shift or Alt) can be used, not {value}',
  },
  hotkeyReserved: { zh: '{label}：{value} 已被系统占用，请换一个组合', en: '{label}: {value} is reserved by the system; choose another combination' },
  hotkeyConflict: {
    zh: '{label}：{value} 已被“{other}”使用，请先修改“{other}”',
    en: '{label}: {value} is already used by "{other}"; change "{other}" first',
  },
  passwordWrong: { zh: '当前密码错误', en: 'The current password is wrong' },
  passwordSame: { zh: '新密码不能与当前密码相同', en: 'The new password must differ from the current one' },
  passwordTooSimple: {
    zh: '新密码过于简单：至少 8 位，包含大写字母、小写字母、数字、符号中的三种，且不能是账号名或常见密码',
    en: 'The new password is too simple: at least 8 characters, three of upper case, lower case, digits and symbols, and not the account name or a common password',
  },
  passwordTooLong: { zh: '新密码不能超过 {max} 位', en: 'The new password may have at most {max} characters' },
  // clients (customers, issue 16)
  clientNotFound: { zh: '客户不存在或无权访问', en: 'The client does not exist or is not accessible to you' },
  clientUnavailable: {
    zh: '方案所属的客户不存在或无权访问（客户编号 {id}），本次没有保存任何内容',
    en: 'The client of this scheme does not exist or is not accessible to you (client {id}); nothing was saved',
  },
  clientNameRequired: { zh: '请输入客户姓名', en: 'Please enter the client\'s name' },
  clientTooLong: { zh: '{label}不能超过 {max} 个字', en: '{label} may have at most {max} characters' },
  clientPhoneInvalid: {
    zh: '联系电话格式不正确：只能包含数字、空格、短横线和开头的 +86，且为 5 到 15 位数字',
    en: 'The phone number is not valid: digits, spaces, dashes and a leading +86 only, 5 to 15 digits',
  },
  clientRegionInvalid: { zh: '所在城市编码不正确：{value}', en: 'The city code is not valid: {value}' },
  clientTooManyEntries: { zh: '自定义信息不能超过 {max} 条', en: 'A client may have at most {max} custom entries' },
  clientEntryKeyRequired: { zh: '第 {row} 条自定义信息缺少名称', en: 'Custom entry {row} has no name' },
  clientEntryKeyTooLong: { zh: '第 {row} 条自定义信息的名称不能超过 {max} 个字', en: 'The name of custom entry {row} may have at most {max} characters' },
  clientEntryValueTooLong: { zh: '第 {row} 条自定义信息的内容不能超过 {max} 个字', en: 'The value of custom entry {row} may have at most {max} characters' },
  clientEntryKeyRepeated: { zh: '自定义信息“{key}”重复了（第 {row} 条）', en: 'The custom entry "{key}" appears twice (entry {row})' },
  clientLabelName: { zh: '客户姓名', en: 'The client\'s name' },
  clientLabelAddress: { zh: '详细地址', en: 'The address' },
  clientLabelOrderNumber: { zh: '订单号', en: 'The order number' },
  // render jobs (docs/rendering.md)
  renderNoCoupon: {
    zh: '{resolution} 立即渲染券已用完，本次没有提交渲染任务',
    en: 'You have no {resolution} immediate render coupon left; no render job was submitted',
  },
  renderNoLeisureCoupon: {
    zh: '{resolution} 闲时渲染券已用完，本次没有提交渲染任务',
    en: 'You have no {resolution} leisure render coupon left; no render job was submitted',
  },
  renderResolutionInvalid: {
    zh: '不支持的渲染分辨率：{value}（可选 {allowed}）',
    en: 'Unsupported render resolution: {value} (choose one of {allowed})',
  },
  renderModeInvalid: {
    zh: '不支持的渲染方式：{value}（可选 immediate 立即渲染、leisure 闲时渲染）',
    en: 'Unsupported render mode: {value} (immediate or leisure)',
  },
  renderSceneNotFound: {
    zh: '方案不存在或不是您的方案（方案编号 {id}），不能渲染',
    en: 'The scheme does not exist or is not yours (scheme {id}); it cannot be rendered',
  },
  renderSceneNotSaved: { zh: '方案尚未保存，请先保存再渲染', en: 'The scheme has not been saved yet; save it before rendering' },
  renderJobNotFound: { zh: '渲染任务不存在或无权访问', en: 'The render job does not exist or is not accessible to you' },
  renderJobFinished: { zh: '渲染任务已结束，不能取消', en: 'The render job has already finished and cannot be cancelled' },
  renderJobUnfinished: {
    zh: '渲染任务尚未结束，请先取消再删除',
    en: 'The render job has not finished yet; cancel it before deleting it',
  },
  renderPanoResolution: {
    zh: '{width} 宽的全景图使用 {resolution} 渲染券',
    en: 'A panorama {width} pixels wide uses a {resolution} render coupon',
  },
  renderPanoCamera: {
    zh: '全景渲染需要全景相机（equirect）和所在楼层；普通渲染不能使用全景相机',
    en: 'A panorama render needs a panorama (equirect) camera and its storey; a still cannot use a panorama camera',
  },
  // panoramas (issue 20)
  panoNotFound: { zh: '全景图不存在或无权访问', en: 'The panorama does not exist or is not accessible to you' },
  panoImageInvalid: { zh: '全景图必须是宽高比 2:1、宽 {widths} 像素的 JPEG 图片', en: 'A panorama must be a 2:1 JPEG {widths} pixels wide' },
  panoThumbInvalid: { zh: '全景图缩略图必须是 100 x 100 的 JPEG 图片', en: 'A panorama thumbnail must be a 100 x 100 JPEG' },
  panoTooLarge: { zh: '全景图文件过大（上限 {limitMb} MB）', en: 'The panorama file is too large (limit {limitMb} MB)' },
  panoTooMany: { zh: '每个方案最多保存 {max} 张全景图', en: 'A scheme may keep at most {max} panoramas' },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageId = keyof typeof MESSAGES;
export type MessageParams = Record<string, string | number>;

export function message(id: MessageId, locale: Locale, params?: MessageParams): string {
  const template: string = MESSAGES[id][locale];
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    return value === undefined ? whole : String(value);
  });
}

/**
 * Picks zh or en from an Accept-Language header. Chinese is the product's default, so anything
 * that does not clearly prefer English (by order or q-value) gets zh.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return 'zh';
  let best: { locale: Locale; q: number } | null = null;
  for (const part of header.split(',')) {
    const [tagRaw, ...paramsRaw] = part.trim().split(';');
    const tag = (tagRaw ?? '').trim().toLowerCase();
    const primary = tag.split('-')[0];
    if (primary !== 'zh' && primary !== 'en') continue;
    let q = 1;
    for (const p of paramsRaw) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) q = Number(m[1]);
    }
    if (!Number.isFinite(q) || q <= 0) continue;
    // Equal q keeps the earlier entry: the header's order is the client's preference.
    if (!best || q > best.q) best = { locale: primary, q };
  }
  return best?.locale ?? 'zh';
}

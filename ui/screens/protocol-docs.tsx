import { Trans } from '@lingui/react/macro';

// The platform user agreement and privacy policy (core.md §2: agreed to on the login screen,
// shown at /protocol). Generic terms of a design SaaS; zh is the source text, en its translation.

export type ProtocolDoc = 'agreement' | 'privacy';

export function isProtocolDoc(v: unknown): v is ProtocolDoc {
  return v === 'agreement' || v === 'privacy';
}

export function ProtocolTitle({ doc }: { readonly doc: ProtocolDoc }) {
  return doc === 'agreement' ? <Trans>平台用户协议</Trans> : <Trans>平台隐私政策</Trans>;
}

export function ProtocolText({ doc }: { readonly doc: ProtocolDoc }) {
  return <div className="protocol-text">{doc === 'agreement' ? <AgreementText /> : <PrivacyText />}</div>;
}

function AgreementText() {
  return (
    <>
      <p className="protocol-text__lead">
        <Trans>
          欢迎使用云方设计平台（以下简称“本平台”）。请在注册、登录或使用本平台前仔细阅读本协议。你勾选同意并登录，即表示你已阅读、理解并接受本协议的全部内容。
        </Trans>
      </p>
      <h3>
        <Trans>一、服务内容</Trans>
      </h3>
      <p>
        <Trans>本平台在浏览器中提供三维户型设计、全屋定制、瓷砖铺贴、云渲染、报价与下单等服务。部分功能模块需由你所在的项目（品牌）开通，并在授权有效期内使用。</Trans>
      </p>
      <h3>
        <Trans>二、账号与安全</Trans>
      </h3>
      <p>
        <Trans>账号由你所在的项目或本平台发放，仅限本人使用。请妥善保管密码；同一账号在其他设备或浏览器登录时，本设备上的登录将失效。因你保管不善造成的损失由你自行承担。</Trans>
      </p>
      <h3>
        <Trans>三、使用规范</Trans>
      </h3>
      <p>
        <Trans>你不得利用本平台上传、传播违法或侵权内容，不得干扰平台正常运行，不得以技术手段绕过功能授权或批量获取平台数据。</Trans>
      </p>
      <h3>
        <Trans>四、知识产权</Trans>
      </h3>
      <p>
        <Trans>你在本平台创作的设计方案归你或你所在的项目所有。平台提供的模型、材质、瓷砖等素材的权利归本平台或其权利人所有，仅可在本平台内用于设计。</Trans>
      </p>
      <h3>
        <Trans>五、责任限制</Trans>
      </h3>
      <p>
        <Trans>报价与效果图仅供参考，实际价格与效果以商家确认为准。本平台将尽力保障服务稳定，但不对不可抗力或第三方原因造成的中断承担责任。</Trans>
      </p>
      <h3>
        <Trans>六、协议变更与终止</Trans>
      </h3>
      <p>
        <Trans>本平台可能适时修订本协议，修订后的协议在平台公布后生效。你违反本协议的，本平台有权暂停或终止你的账号。</Trans>
      </p>
    </>
  );
}

function PrivacyText() {
  return (
    <>
      <p className="protocol-text__lead">
        <Trans>本政策说明本平台如何收集、使用、保存和保护你的个人信息。请在使用本平台前仔细阅读。</Trans>
      </p>
      <h3>
        <Trans>一、我们收集的信息</Trans>
      </h3>
      <p>
        <Trans>账号信息（账号、用户名、手机号、所属项目）；你创建的设计方案、客户资料与报价；使用记录（访问时间、功能使用情况）及浏览器类型等设备信息。</Trans>
      </p>
      <h3>
        <Trans>二、信息的使用</Trans>
      </h3>
      <p>
        <Trans>用于提供和改进设计服务、保存与恢复你的方案、校验功能授权、保障账号安全，以及在你所在的项目内统计使用情况。</Trans>
      </p>
      <h3>
        <Trans>三、信息的共享</Trans>
      </h3>
      <p>
        <Trans>除你所在的项目（品牌）管理员为管理需要可查看的信息外，我们不会向第三方出售或提供你的个人信息，法律法规另有规定的除外。</Trans>
      </p>
      <h3>
        <Trans>四、信息的保存与保护</Trans>
      </h3>
      <p>
        <Trans>密码仅以不可逆的方式加密保存。我们采用访问控制和加密传输保护你的信息，并在实现目的所需的期限内保存。</Trans>
      </p>
      <h3>
        <Trans>五、你的权利</Trans>
      </h3>
      <p>
        <Trans>你可以在个人中心查看账号信息，并可通过你所在的项目管理员更正或删除个人信息、注销账号。</Trans>
      </p>
      <h3>
        <Trans>六、联系我们</Trans>
      </h3>
      <p>
        <Trans>如对本政策有疑问，请联系你所在项目的管理员或本平台客服。</Trans>
      </p>
    </>
  );
}

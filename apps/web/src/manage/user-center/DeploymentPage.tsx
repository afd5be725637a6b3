import { DEPLOYMENT_ABILITIES, type DeploymentAbilities, type DeploymentAbility } from '@liaison/protocol';
import { Alert, List, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { fetchDeploymentAbilities, saveDeploymentAbilities } from '../../api/deployment';
import { feedback } from '../../base/feedback';
import { AdminOnly } from '../common/access';
import './admin-pages.css';

const ABILITY_TEXT: Record<DeploymentAbility, { title: string; description: string }> = {
  groupReadReceipt: { title: '群消息已读回执', description: '群聊中发送方查看已读、未读成员' },
  onlineStatus: { title: '用户在线状态', description: '会话列表与通讯录中显示联系人是否在线' },
  translation: { title: '消息翻译', description: '将文本消息翻译为界面语言（需配置翻译服务）' },
  voiceToText: { title: '语音转文字', description: '将语音消息转换为文字（需配置语音识别服务）' },
};

/**
 * The deployment's plan (userCenter/deployment): the capabilities the reference cloud sells in a
 * higher plan, each switched on or off for every user at once. A switch saves at once, and the
 * chat kits connected to any process hear of it (SERVER_CONFIG_UPDATED).
 */
export function DeploymentPage() {
  return (
    <AdminOnly title="部署方案">
      <DeploymentSwitches />
    </AdminOnly>
  );
}

function DeploymentSwitches() {
  const [abilities, setAbilities] = useState<DeploymentAbilities | null>(null);
  const [saving, setSaving] = useState<DeploymentAbility | null>(null);

  useEffect(() => {
    let isCurrent = true;
    fetchDeploymentAbilities().then(
      ({ data }) => isCurrent && setAbilities(data),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, []);

  async function toggle(ability: DeploymentAbility, enabled: boolean) {
    setSaving(ability);
    try {
      const { data, msg } = await saveDeploymentAbilities({ [ability]: enabled });
      setAbilities(data);
      feedback.message.success(msg);
    } catch {
      // The request layer showed the server's reason; the switch stays as it was.
    } finally {
      setSaving(null);
    }
  }

  return (
    <section className="page">
      <h1 className="page__title">部署方案</h1>
      <Alert
        type="info"
        showIcon
        message="关闭某项能力后，所有用户立即无法使用该能力，聊天界面会提示升级套餐；重新开启后立即恢复。"
      />
      <List
        className="deployment__list"
        loading={abilities === null}
        dataSource={[...DEPLOYMENT_ABILITIES]}
        renderItem={(ability) => (
          <List.Item
            actions={[
              <Switch
                key="switch"
                aria-label={ABILITY_TEXT[ability].title}
                checked={abilities?.[ability] ?? false}
                loading={saving === ability}
                disabled={abilities === null || (saving !== null && saving !== ability)}
                checkedChildren="开启"
                unCheckedChildren="关闭"
                onChange={(enabled) => void toggle(ability, enabled)}
              />,
            ]}
          >
            <List.Item.Meta title={ABILITY_TEXT[ability].title} description={ABILITY_TEXT[ability].description} />
          </List.Item>
        )}
      />
    </section>
  );
}

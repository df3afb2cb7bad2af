/**
 * Tools (002 §2 `/business_manage/tools`; issue 23 point 6): the hub of the tools area (a card for
 * each sibling screen the caller may open, by the same access rule as the menu) and the small
 * utilities: area units, WGS-84 / GCJ-02 coordinates, a track converter, a telemetry-key tester.
 */
import { canAccessScreen, SCREENS, type Screen } from '@agrifleet/domain';
import {
  CloudUploadOutlined,
  FileSearchOutlined,
  SafetyCertificateOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { subjectOf } from '../../app/access.ts';
import { useHostProfile } from '../../app/hostProfile.tsx';
import { useSessionUser } from '../../app/session.ts';
import { AreaUnits } from './AreaUnits.tsx';
import { Coordinates } from './Coordinates.tsx';
import { KeyTester } from './KeyTester.tsx';
import { TrackConverter } from './TrackConverter.tsx';

/** The tools area's other screens, in the menu's order. */
const HUB: Array<{ screen: Screen; icon: ComponentType }> = [
  { screen: 'AppLog', icon: FileSearchOutlined },
  { screen: 'FirmwareManage', icon: CloudUploadOutlined },
  { screen: 'GroundStationConfig', icon: SettingOutlined },
  { screen: 'PartWhiteList', icon: SafetyCertificateOutlined },
];

export default function ToolsPage() {
  const { t } = useTranslation(['tools', 'common']);
  const user = useSessionUser();
  const host = useHostProfile();
  const cards = useMemo(() => {
    const subject = user ? subjectOf(user, host) : null;
    return subject ? HUB.filter((h) => canAccessScreen(subject, h.screen)) : [];
  }, [user, host]);
  return (
    <div style={{ padding: 24 }} data-testid="tools-page">
      {cards.length ? (
        <Row gutter={[16, 16]} style={{ marginBottom: 16 }} data-testid="tools-hub">
          {cards.map(({ screen, icon: Icon }) => (
            <Col key={screen} xs={24} sm={12} xl={6}>
              <Link to={SCREENS[screen]} data-testid={`hub-${screen}`}>
                <Card hoverable size="small">
                  <Card.Meta
                    avatar={
                      <span style={{ fontSize: 24, color: 'var(--ant-color-primary, #18a058)' }}>
                        <Icon />
                      </span>
                    }
                    title={t(`common:screen.${screen}`)}
                    description={
                      <Typography.Text type="secondary">{t(`tools:hub.${screen}`)}</Typography.Text>
                    }
                  />
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <AreaUnits />
        </Col>
        <Col xs={24} xl={12}>
          <Coordinates />
        </Col>
        <Col xs={24} xl={12}>
          <TrackConverter />
        </Col>
        <Col xs={24} xl={12}>
          <KeyTester />
        </Col>
      </Row>
    </div>
  );
}

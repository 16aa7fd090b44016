import {
  AppstoreOutlined,
  AuditOutlined,
  BarChartOutlined,
  BellOutlined,
  BookOutlined,
  CarOutlined,
  CheckSquareOutlined,
  ContainerOutlined,
  DollarOutlined,
  FileTextOutlined,
  GlobalOutlined,
  HomeOutlined,
  ProfileOutlined,
  SettingOutlined,
  ShopOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';

/** The server names menu icons; only these are bundled, anything else shows a generic icon. */
const ICONS: Record<string, ReactNode> = {
  appstore: <AppstoreOutlined />,
  audit: <AuditOutlined />,
  'bar-chart': <BarChartOutlined />,
  bell: <BellOutlined />,
  book: <BookOutlined />,
  car: <CarOutlined />,
  'check-square': <CheckSquareOutlined />,
  container: <ContainerOutlined />,
  dollar: <DollarOutlined />,
  'file-text': <FileTextOutlined />,
  global: <GlobalOutlined />,
  home: <HomeOutlined />,
  profile: <ProfileOutlined />,
  setting: <SettingOutlined />,
  shop: <ShopOutlined />,
  team: <TeamOutlined />,
};

/** The icon for a server icon name (top-level items only; children have none). */
export const menuIcon = (name: string | undefined, topLevel: boolean): ReactNode =>
  name ? (ICONS[name] ?? <AppstoreOutlined />) : topLevel ? <AppstoreOutlined /> : undefined;

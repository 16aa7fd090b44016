import { Spin } from 'antd';

/** The placeholder while a page's code or translations load. */
export function PageLoading() {
  return (
    <div style={{ display: 'flex', justifyContent: 'center', padding: 48 }} data-testid="page-loading">
      <Spin />
    </div>
  );
}

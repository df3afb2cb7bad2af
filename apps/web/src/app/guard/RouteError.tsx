/**
 * Route error page (errorElement). A failed lazy chunk names the chunk and the failure type, with the
 * code CSS_CHUNK_LOAD_FAILED for stylesheets (000 §8), and offers a reload; any other error shows a
 * generic translated page.
 */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { toChunkError } from '../chunkErrors.ts';

const reload = () => window.location.reload();

export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation(['shell', 'common']);
  const chunk = toChunkError(error);
  const reloadButton = (
    <Button type="primary" icon={<ReloadOutlined />} onClick={reload} key="reload">
      {t('common:reload')}
    </Button>
  );
  const home = (
    <Button href="/" key="home">
      {t('common:backHome')}
    </Button>
  );

  return (
    <div
      role="alert"
      style={{
        minHeight: '100%',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        padding: 24,
      }}
    >
      {chunk ? (
        <Result
          status="warning"
          title={t('shell:error.chunkTitle')}
          subTitle={
            <>
              {t('shell:error.chunkDescription', {
                chunk: chunk.chunk,
                type: t(`shell:error.chunkType.${chunk.type}`),
              })}
              <br />
              <Typography.Text type="secondary">
                {t('shell:error.code')}: <Typography.Text code>{chunk.code}</Typography.Text>
              </Typography.Text>
            </>
          }
          extra={[reloadButton]}
        />
      ) : (
        <Result
          status="500"
          title={t('shell:error.title')}
          subTitle={t('shell:error.description')}
          extra={[reloadButton, home]}
        />
      )}
    </div>
  );
}

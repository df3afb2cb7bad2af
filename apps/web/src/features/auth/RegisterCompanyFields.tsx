/**
 * The organisation part of the registration form (000 §3, §5): account type (3 manufacturer
 * enterprise, 4 operator), operator type, company details, region, licence and logo images.
 */
import { AccountType } from '@agrifleet/domain';
import { Col, Form, Input, Radio, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import styles from './auth.module.css';
import type { RegisterValues } from './buildRegBody.ts';
import { ImageUpload } from './ImageUpload.tsx';
import { RegionCascader } from './RegionCascader.tsx';
import { optionalEmailRules, required } from './validators.ts';

const half = { xs: 24, md: 12 };

export function RegisterCompanyFields({ byEmail }: { byEmail: boolean }) {
  const { t } = useTranslation('auth');
  const form = Form.useFormInstance<RegisterValues>();
  const accountType = Form.useWatch('accountType', form);
  const operatorType = Form.useWatch('operatorType', form);
  const personal = accountType === AccountType.operator && operatorType === '2';

  return (
    <>
      <h3 className={styles.sectionTitle}>{t('register.sectionCompany')}</h3>
      <Row gutter={24}>
        <Col {...half}>
          <Form.Item
            name="accountType"
            label={t('field.accountType')}
            rules={[required(t, 'validation.accountTypeRequired')]}
          >
            <Select
              placeholder={t('placeholder.select')}
              options={[
                { value: AccountType.manufacturer, label: t('accountType.3') },
                { value: AccountType.operator, label: t('accountType.4') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col {...half}>
          {accountType === AccountType.operator ? (
            <Form.Item name="operatorType" label={t('field.operatorType')}>
              <Radio.Group
                optionType="button"
                buttonStyle="solid"
                options={[
                  { value: '1', label: t('operatorType.1') },
                  { value: '2', label: t('operatorType.2') },
                ]}
              />
            </Form.Item>
          ) : null}
        </Col>
        <Col {...half}>
          <Form.Item
            name="accountName"
            label={t(personal ? 'field.personalName' : 'field.accountName')}
            rules={[
              required(t, personal ? 'validation.personalNameRequired' : 'validation.accountNameRequired'),
              { whitespace: true, message: t('validation.accountNameRequired') },
            ]}
          >
            <Input maxLength={100} placeholder={t('placeholder.input')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item
            name="contactName"
            label={t('field.contactName')}
            rules={[
              required(t, 'validation.contactNameRequired'),
              { whitespace: true, message: t('validation.contactNameRequired') },
            ]}
          >
            <Input maxLength={50} placeholder={t('placeholder.input')} />
          </Form.Item>
        </Col>
        {personal ? null : (
          <>
            <Col {...half}>
              <Form.Item name="legal" label={t('field.legal')}>
                <Input maxLength={50} placeholder={t('placeholder.input')} />
              </Form.Item>
            </Col>
            <Col {...half}>
              <Form.Item name="creditCode" label={t('field.creditCode')}>
                <Input maxLength={50} placeholder={t('placeholder.input')} />
              </Form.Item>
            </Col>
          </>
        )}
        <Col {...half}>
          <Form.Item name="region" label={t('field.region')}>
            <RegionCascader />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="contactAddress" label={t('field.contactAddress')}>
            <Input maxLength={200} placeholder={t('placeholder.input')} />
          </Form.Item>
        </Col>
        <Col {...half}>
          <Form.Item name="contactPhone" label={t('field.contactPhone')}>
            <Input maxLength={30} placeholder={t('placeholder.input')} />
          </Form.Item>
        </Col>
        {byEmail ? null : (
          <Col {...half}>
            <Form.Item name="email" label={t('field.email')} rules={optionalEmailRules(t)}>
              <Input maxLength={254} placeholder={t('placeholder.input')} />
            </Form.Item>
          </Col>
        )}
        {personal ? null : (
          <>
            <Col {...half}>
              <Form.Item name="customDomain" label={t('field.customDomain')} extra={t('hint.customDomain')}>
                <Input maxLength={100} placeholder={t('placeholder.customDomain')} />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Row gutter={24}>
                <Col xs={12} md={6}>
                  <Form.Item
                    name="busiLicense"
                    label={t('field.busiLicense')}
                    extra={t('validation.licenseHint')}
                  >
                    <ImageUpload title={t('field.busiLicense')} />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item name="companyLogo" label={t('field.companyLogo')}>
                    <ImageUpload title={t('field.companyLogo')} />
                  </Form.Item>
                </Col>
              </Row>
            </Col>
          </>
        )}
      </Row>
    </>
  );
}

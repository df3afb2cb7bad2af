/**
 * The create/edit dialog of a list from its form definition (traccar-web EditItemView, react-admin
 * categories): fields with their rules in a grid, by section, shown for the values they apply to;
 * rules across fields (`check`) on the fields they concern; saved through the definition's create or
 * update call, or handed to a footer action (a preview); the server's message on failure, the generic
 * success text (000 §8) and a list refresh on success.
 */
import { App, Button, Col, Divider, Form, Modal, Row } from 'antd';
import { useState } from 'react';
import type { Translate } from './columns.ts';
import { FieldInput } from './FieldInput.tsx';
import {
  type FormMode,
  fieldRules,
  formSections,
  initialValues,
  placeProblems,
  shownFields,
  submittedValues,
  visibleFields,
} from './fields.ts';
import type { FieldDef, FormDef, FormValues } from './types.ts';

function FieldItem({ field, mode, t }: { field: FieldDef; mode: FormMode; t: Translate }) {
  const item = (
    <Form.Item
      name={field.name}
      label={t(field.label)}
      rules={fieldRules(field, t)}
      valuePropName={field.kind === 'switch' ? 'checked' : 'value'}
      extra={field.help ? t(field.help) : undefined}
    >
      <FieldInput field={field} disabled={mode === 'edit' && field.fixedOnEdit === true} t={t} />
    </Form.Item>
  );
  const when = field.when;
  return (
    <Col span={field.span ?? 24}>
      {when ? (
        <Form.Item noStyle shouldUpdate>
          {({ getFieldsValue }) => (when(getFieldsValue(true) as FormValues) ? item : null)}
        </Form.Item>
      ) : (
        item
      )}
    </Col>
  );
}

export function FormModal<R>({
  form: def,
  mode,
  row,
  onClose,
  onSaved,
  t,
}: {
  form: FormDef<R>;
  mode: FormMode;
  row: R | null;
  onClose: () => void;
  onSaved: () => void;
  t: Translate;
}) {
  const { message } = App.useApp();
  const [form] = Form.useForm();
  const [busy, setBusy] = useState(false);
  const title = mode === 'create' ? (def.titles?.create ?? 'list:create') : (def.titles?.edit ?? 'list:edit');

  /** The values to send once every field and every rule across fields holds; null otherwise. */
  const collect = async (): Promise<FormValues | null> => {
    const show = (name: string | undefined) =>
      name !== undefined && form.scrollToField(name, { block: 'center', behavior: 'smooth' });
    try {
      await form.validateFields();
    } catch (err) {
      // The first field in error may be scrolled out of the dialog's view.
      show((err as { errorFields?: Array<{ name: string[] }> }).errorFields?.[0]?.name[0]);
      throw err;
    }
    const all = form.getFieldsValue(true) as FormValues;
    const values = submittedValues(def.fields, mode, all);
    const problems = def.check?.(values) ?? [];
    if (!problems.length) return values;
    const placed = placeProblems(problems, shownFields(def.fields, mode, all), t);
    form.setFields(placed.fields);
    show(placed.fields[0]?.name);
    for (const text of placed.general) void message.error(text);
    return null;
  };

  const save = async () => {
    const values = await collect();
    if (!values) return;
    setBusy(true);
    try {
      if (mode === 'create') await def.create?.(values);
      else if (row) await def.update?.(row, values);
      void message.success(t(mode === 'create' ? 'common:created' : 'common:updated'));
      onSaved();
      onClose();
    } catch (err) {
      const text = (err as Error).message;
      if (text) void message.error(text);
    } finally {
      setBusy(false);
    }
  };

  const actions = (def.actions ?? []).map((a) => (
    <Button
      key={a.key}
      icon={a.icon}
      data-testid={`form-action-${a.key}`}
      onClick={() =>
        void collect()
          .then((values) => values && a.onClick(values, mode))
          .catch(() => undefined)
      }
    >
      {t(a.label)}
    </Button>
  ));

  return (
    <Modal
      open
      title={t(title)}
      width={def.width ?? 560}
      okText={t('list:save')}
      cancelText={t('list:cancel')}
      confirmLoading={busy}
      onOk={() => void save().catch(() => undefined)}
      onCancel={onClose}
      footer={(_, { OkBtn, CancelBtn }) => (
        <>
          {actions}
          <CancelBtn />
          <OkBtn />
        </>
      )}
      destroyOnHidden
      mask={{ closable: false }}
      // Long forms scroll inside the dialog, its buttons stay in view.
      styles={{ body: { maxHeight: 'calc(100vh - 220px)', overflowY: 'auto' } }}
    >
      <Form
        form={form}
        layout="vertical"
        initialValues={initialValues(def, row)}
        // The grid's gutters reach past the form: clipped, they make it no wider (no sideways scroll).
        style={{ overflow: 'clip' }}
        data-testid="list-form"
      >
        {formSections(visibleFields(def.fields, mode), def.sections).map((group) => (
          <div key={group.title ?? ''}>
            {group.title ? (
              <Divider titlePlacement="start" plain>
                {t(group.title)}
              </Divider>
            ) : null}
            <Row gutter={16}>
              {group.fields.map((f) => (
                <FieldItem key={f.name} field={f} mode={mode} t={t} />
              ))}
            </Row>
          </div>
        ))}
      </Form>
    </Modal>
  );
}

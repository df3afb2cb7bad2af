/**
 * The shape editors' tool picker (no-fly zones, blocks, a task's region): one button per drawing
 * tool and, under them, the hint for the tool chosen.
 */
import { Radio } from 'antd';
import type { DrawTool } from './DrawControl.tsx';
import styles from './MapEditorModal.module.css';

export interface DrawToolOption {
  value: DrawTool;
  label: string;
  disabled?: boolean;
}

export function DrawTools(p: {
  tool: DrawTool;
  onChange: (tool: DrawTool) => void;
  options: DrawToolOption[];
  hint: string;
  testId?: string;
}) {
  return (
    <>
      <Radio.Group
        value={p.tool}
        onChange={(e) => p.onChange(e.target.value)}
        optionType="button"
        size="small"
        options={p.options}
        data-testid={p.testId}
      />
      <div className={styles.hint}>{p.hint}</div>
    </>
  );
}

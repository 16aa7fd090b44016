// Over 600 lines: antd's Form API (Form, Item, List, useForm, useWatch, statuses, error list) rebuilt on @rc-
// component/form as one unit whose contexts stay private to this file.
import { QuestionCircleOutlined } from '@ant-design/icons';
import RcForm, {
  Field,
  FieldContext,
  List,
  ListContext,
  type FormProps as RcFormProps,
  FormProvider as RcFormProvider,
  useForm as useRcForm,
  useWatch,
} from '@rc-component/form';
import type { FieldProps as RcFieldProps } from '@rc-component/form/es/Field';
import type {
  Meta,
  NamePath,
  Rule,
  RuleObject,
  RuleRender,
  StoreValue,
} from '@rc-component/form/es/interface';
import type { ListField, ListOperations } from '@rc-component/form/es/List';
import { ConfigProvider } from 'antd';
import { FormItemInputContext, NoFormStyle } from 'antd/es/form/context';
import type { FormInstance } from 'antd/es/form/hooks/useForm';
import ValidateMessagesContext from 'antd/es/form/validateMessagesContext';
import {
  type CSSProperties,
  cloneElement,
  createContext,
  Fragment,
  isValidElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useContext,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import './form.css';

/**
 * The app's Form (issue 20: every page loaded antd's Form wrapper, 16.5 KB gzipped with its CSS-in-JS, motion
 * and Tooltip): the subset of antd 6's `Form` API the app uses, on @rc-component/form (the engine antd wraps),
 * rendering antd's class names (`ant-form-item`, `ant-form-item-required`, `ant-form-item-explain-error`,
 * `ant-form-item-has-error`) with plain CSS. Field ids (`${formName}_${path}`), `aria-invalid`,
 * `aria-required`, `aria-describedby`, the item status antd controls read (FormItemInputContext) and the
 * disabled state (DisabledContext) are as antd's.
 */

export type { FormInstance, NamePath, Rule, RuleObject, RuleRender };
export type FormListFieldData = ListField & { fieldKey?: number };
export type FormListOperation = ListOperations;
export type ValidateStatus = '' | 'success' | 'warning' | 'error' | 'validating';
type RequiredMark = boolean;
type Layout = 'horizontal' | 'vertical';
type ScrollOptions = NonNullable<Parameters<FormInstance['scrollToField']>[1]>;

// biome-ignore lint/suspicious/noExplicitAny: antd's default for a form's values (callers name theirs)
type AnyValues = any;

type InternalForm = FormInstance & {
  __INTERNAL__: { name?: string; itemRef: (name: (string | number)[]) => (node: unknown) => void };
};

interface FormContextValue {
  name?: string;
  layout: Layout;
  requiredMark: RequiredMark;
  form?: FormInstance;
  itemRef: (name: (string | number)[]) => (node: unknown) => void;
}

const FormContext = createContext<FormContextValue>({
  layout: 'horizontal',
  requiredMark: true,
  itemRef: () => () => {},
});
/** A `noStyle` item reports its meta to the item around it, which shows the errors (as antd). */
const NoStyleItemContext = createContext<((meta: MetaEvent, key: (string | number)[]) => void) | null>(null);

type MetaEvent = Meta & { destroy?: boolean };

const toArray = <T,>(v: T | T[] | undefined | false): T[] =>
  v === undefined || v === false ? [] : Array.isArray(v) ? v : [v];
const pathKey = (name: NamePath) => toArray(name as string | number | (string | number)[]).join('_');

/** antd's field id: the form's name and the field's path joined by `_`. */
export function getFieldId(namePath: (string | number)[], formName?: string): string | undefined {
  if (!namePath.length) return undefined;
  const merged = namePath.join('_');
  if (formName) return `${formName}_${merged}`;
  return merged === 'parentNode' ? `form_item_${merged}` : merged;
}

function domOf(instance: unknown): HTMLElement | null {
  if (instance instanceof HTMLElement) return instance;
  const native = (instance as { nativeElement?: unknown } | null)?.nativeElement;
  return native instanceof HTMLElement ? native : null;
}

function inViewport(node: HTMLElement): boolean {
  const r = node.getBoundingClientRect();
  return r.top >= 0 && r.left >= 0 && r.bottom <= window.innerHeight && r.right <= window.innerWidth;
}

/** antd's `Form.useForm`: rc's form plus `scrollToField`, `focusField` and `getFieldInstance`. */
function useForm<Values = AnyValues>(form?: FormInstance<Values>): [FormInstance<Values>] {
  const [rcForm] = useRcForm<Values>();
  const items = useRef<Record<string, unknown>>({});
  const wrapped = useMemo(() => {
    if (form) return form;
    const internal: InternalForm['__INTERNAL__'] = {
      itemRef: (name) => (node) => {
        const key = name.join('_');
        if (node) items.current[key] = node;
        else delete items.current[key];
      },
    };
    const nodeOf = (name: NamePath): HTMLElement | null => {
      const dom = domOf(items.current[pathKey(name)]);
      if (dom) return dom;
      const id = getFieldId(toArray(name as string | number | (string | number)[]), internal.name);
      return id ? document.getElementById(id) : null;
    };
    const self: FormInstance<Values> & { __INTERNAL__: InternalForm['__INTERNAL__'] } = {
      ...rcForm,
      __INTERNAL__: internal,
      getFieldInstance: (name: NamePath) => items.current[pathKey(name)],
      focusField: (name: NamePath) => {
        const instance = items.current[pathKey(name)] as { focus?: () => void } | undefined;
        if (typeof instance?.focus === 'function') instance.focus();
        else nodeOf(name)?.focus?.();
      },
      scrollToField: (name: NamePath, options: ScrollOptions = {}) => {
        const { focus, block, inline, behavior } = options as ScrollIntoViewOptions & { focus?: boolean };
        const node = nodeOf(name);
        if (!node) return;
        // antd scrolls only when needed ('if-needed'), to the nearest edge unless told.
        if (!inViewport(node))
          node.scrollIntoView?.({
            block: block ?? 'nearest',
            inline: inline ?? 'nearest',
            behavior: behavior ?? 'auto',
          });
        if (focus) self.focusField(name);
      },
    };
    return self;
  }, [form, rcForm]);
  return [wrapped];
}

/** antd's `Form.useFormInstance`: the form of the nearest Form. */
function useFormInstance<Values = AnyValues>(): FormInstance<Values> {
  return useContext(FormContext).form as FormInstance<Values>;
}

export interface FormProps<Values = AnyValues> extends Omit<RcFormProps<Values>, 'form'> {
  form?: FormInstance<Values>;
  layout?: Layout;
  disabled?: boolean;
  requiredMark?: RequiredMark;
  scrollToFirstError?: boolean | ScrollOptions;
  'data-testid'?: string;
}

function FormRoot<Values = AnyValues>(props: FormProps<Values>) {
  const contextDisabled = ConfigProvider.useConfig().componentDisabled;
  const validateMessages = useContext(ValidateMessagesContext);
  const {
    form,
    name,
    layout = 'horizontal',
    disabled = contextDisabled,
    requiredMark = true,
    scrollToFirstError,
    onFinishFailed,
    className,
    ...rest
  } = props;
  const [wrapped] = useForm(form);
  const internal = (wrapped as unknown as InternalForm).__INTERNAL__;
  if (internal) internal.name = name;
  const context = useMemo<FormContextValue>(
    () => ({ name, layout, requiredMark, form: wrapped, itemRef: internal?.itemRef ?? (() => () => {}) }),
    [name, layout, requiredMark, wrapped, internal],
  );
  const classes = ['ant-form', `ant-form-${layout}`];
  if (requiredMark === false) classes.push('ant-form-hide-required-mark');
  if (className) classes.push(className);
  return (
    <ConfigProvider componentDisabled={disabled}>
      <RcFormProvider validateMessages={validateMessages}>
        <FormContext.Provider value={context}>
          <NoFormStyle status>
            <RcForm<Values>
              id={name}
              {...rest}
              name={name}
              form={wrapped}
              className={classes.join(' ')}
              onFinishFailed={(info) => {
                onFinishFailed?.(info);
                const first = info.errorFields[0];
                if (first && scrollToFirstError) {
                  wrapped.scrollToField(first.name, {
                    block: 'nearest',
                    ...(typeof scrollToFirstError === 'object' ? scrollToFirstError : {}),
                  });
                }
              }}
            />
          </NoFormStyle>
        </FormContext.Provider>
      </RcFormProvider>
    </ConfigProvider>
  );
}

function getStatus(
  errors: ReactNode[],
  warnings: ReactNode[],
  meta: Meta,
  hasFeedback: boolean,
  validateStatus?: ValidateStatus,
): ValidateStatus {
  if (validateStatus !== undefined) return validateStatus;
  if (meta.validating) return 'validating';
  if (errors.length) return 'error';
  if (warnings.length) return 'warning';
  if (meta.touched || (hasFeedback && meta.validated)) return 'success';
  return '';
}

const emptyMeta = (): Meta => ({
  errors: [],
  warnings: [],
  touched: false,
  validating: false,
  name: [],
  validated: false,
});

/** The status antd's controls (and `Form.Item.useStatus`) read: the item's errors, warnings and state. */
function StatusProvider({
  children,
  errors,
  warnings,
  meta,
  hasFeedback,
  validateStatus,
  noStyle,
  name,
}: {
  children: ReactNode;
  errors: ReactNode[];
  warnings: ReactNode[];
  meta: Meta;
  hasFeedback?: boolean;
  validateStatus?: ValidateStatus;
  noStyle?: boolean;
  name?: NamePath;
}) {
  const parent = useContext(FormItemInputContext);
  const status = getStatus(errors, warnings, meta, !!hasFeedback, validateStatus);
  const value = useMemo(() => {
    if (noStyle) {
      return {
        status: (status || parent.status || '') as ValidateStatus,
        errors,
        warnings,
        hasFeedback: !!(hasFeedback ?? parent.hasFeedback),
        isFormItemInput: parent.isFormItemInput,
        name: name ?? parent.name,
      };
    }
    return { status, errors, warnings, hasFeedback: !!hasFeedback, isFormItemInput: true, name };
  }, [status, errors, warnings, hasFeedback, noStyle, name, parent]);
  return <FormItemInputContext.Provider value={value as never}>{children}</FormItemInputContext.Provider>;
}

export interface ErrorListProps {
  errors?: ReactNode[];
  warnings?: ReactNode[];
  help?: ReactNode;
  helpStatus?: ValidateStatus;
  fieldId?: string;
  className?: string;
  style?: CSSProperties;
}

/** antd's `Form.ErrorList`: the messages under a field (or a Form.List), each announced as an alert. */
function ErrorList({
  errors = [],
  warnings = [],
  help,
  helpStatus,
  fieldId,
  className,
  style,
}: ErrorListProps) {
  const entries: { text: ReactNode; status?: string }[] =
    help !== undefined && help !== null
      ? [{ text: help, status: helpStatus }]
      : [
          ...errors.map((text) => ({ text, status: 'error' })),
          ...warnings.map((text) => ({ text, status: 'warning' })),
        ];
  if (!entries.length) return null;
  return (
    <div
      id={fieldId ? `${fieldId}_help` : undefined}
      className={className ? `ant-form-item-explain ${className}` : 'ant-form-item-explain'}
      style={style}
    >
      {entries.map((e, i) => (
        <div
          // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; their order is their identity
          key={i}
          role={e.status === 'error' ? 'alert' : undefined}
          className={e.status ? `ant-form-item-explain-${e.status}` : undefined}
        >
          {e.text}
        </div>
      ))}
    </div>
  );
}

type ItemChildren<Values> = ReactNode | ((form: FormInstance<Values>) => ReactNode);

export interface FormItemProps<Values = AnyValues>
  extends Omit<RcFieldProps<Values>, 'children' | 'onMetaChange' | 'isList' | 'onReset'> {
  children?: ItemChildren<Values>;
  label?: ReactNode;
  required?: boolean;
  help?: ReactNode;
  extra?: ReactNode;
  hidden?: boolean;
  noStyle?: boolean;
  tooltip?: ReactNode;
  htmlFor?: string;
  validateStatus?: ValidateStatus;
  hasFeedback?: boolean;
  layout?: Layout;
  style?: CSSProperties;
  className?: string;
  'data-testid'?: string;
}

/** The props antd's ItemHolder passes on to the row and ours to the item's div (data-* and aria-*). */
const ITEM_PROPS = new Set([
  'name',
  'noStyle',
  'className',
  'dependencies',
  'shouldUpdate',
  'rules',
  'children',
  'required',
  'label',
  'messageVariables',
  'trigger',
  'validateTrigger',
  'hidden',
  'help',
  'layout',
  'extra',
  'tooltip',
  'htmlFor',
  'validateStatus',
  'hasFeedback',
  'style',
  'getValueFromEvent',
  'getValueProps',
  'normalize',
  'initialValue',
  'preserve',
  'validateFirst',
  'validateDebounce',
  'valuePropName',
  'isListField',
  'fieldKey',
]);

function ItemHolder({
  props,
  fieldId,
  isRequired,
  errors,
  warnings,
  meta,
  onSubItemMetaChange,
  children,
}: {
  props: FormItemProps;
  fieldId?: string;
  isRequired?: boolean;
  errors: ReactNode[];
  warnings: ReactNode[];
  meta: Meta;
  onSubItemMetaChange: (meta: MetaEvent, key: (string | number)[]) => void;
  children: ReactNode;
}) {
  const { label, help, extra, hidden, style, className, tooltip, validateStatus, hasFeedback, required } =
    props;
  const { layout: formLayout, requiredMark } = useContext(FormContext);
  const layout = props.layout ?? formLayout;
  const holder = useRef<HTMLDivElement>(null);
  const hasHelp = help !== undefined && help !== null;
  const showsHelp = hasHelp || errors.length > 0 || warnings.length > 0;
  // antd keeps the item's height while a message shows: the message takes the item's bottom margin.
  const [marginBottom, setMarginBottom] = useState<number | null>(null);
  useLayoutEffect(() => {
    if (showsHelp && holder.current)
      setMarginBottom(Number.parseInt(getComputedStyle(holder.current).marginBottom, 10) || 0);
    else if (!showsHelp) setMarginBottom(null);
  }, [showsHelp]);
  const extraRef = useRef<HTMLDivElement>(null);
  const [extraHeight, setExtraHeight] = useState(0);
  const status = getStatus(errors, warnings, meta, !!hasFeedback, validateStatus);
  const classes = ['ant-form-item', `ant-form-item-${layout}`];
  if (showsHelp) classes.push('ant-form-item-with-help');
  if (status === 'validating') classes.push('ant-form-item-is-validating');
  else if (status) classes.push(`ant-form-item-has-${status}`);
  if (hidden) classes.push('ant-form-item-hidden');
  if (className) classes.push(className);
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props))
    if (!ITEM_PROPS.has(k) && (k.startsWith('data-') || k.startsWith('aria-') || k === 'id')) rest[k] = v;
  const hasLabel = label !== undefined && label !== null && label !== false && label !== '';
  const mark = required ?? isRequired;
  const labelClasses: string[] = [];
  if (mark) labelClasses.push('ant-form-item-required');
  if (requiredMark === false) labelClasses.push('ant-form-item-required-mark-hidden');
  const hasExtra = extra !== undefined && extra !== null && extra !== false && extra !== '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: the extra's height changes with its content
  useLayoutEffect(() => {
    setExtraHeight(hasExtra && extraRef.current ? extraRef.current.clientHeight : 0);
  }, [extra, hasExtra]);
  return (
    <div className={classes.join(' ')} style={style} ref={holder} {...rest}>
      <div className="ant-form-item-row">
        {hasLabel && (
          <div className="ant-form-item-label">
            <label
              htmlFor={props.htmlFor ?? fieldId}
              className={labelClasses.join(' ') || undefined}
              title={typeof label === 'string' ? label : undefined}
            >
              {label}
              {tooltip ? (
                <span
                  className="ant-form-item-tooltip"
                  title={typeof tooltip === 'string' ? tooltip : undefined}
                  aria-hidden
                >
                  <QuestionCircleOutlined />
                </span>
              ) : null}
            </label>
            {tooltip ? (
              <span id={fieldId ? `${fieldId}_tooltip` : undefined} hidden>
                {tooltip}
              </span>
            ) : null}
          </div>
        )}
        <div className="ant-form-item-control">
          <div className="ant-form-item-control-input">
            <div className="ant-form-item-control-input-content">
              <NoStyleItemContext.Provider value={onSubItemMetaChange}>
                <StatusProvider
                  errors={meta.errors}
                  warnings={meta.warnings}
                  meta={meta}
                  hasFeedback={hasFeedback}
                  validateStatus={status}
                  name={props.name}
                >
                  {children}
                </StatusProvider>
              </NoStyleItemContext.Provider>
            </div>
          </div>
          {(showsHelp || hasExtra) && (
            <div
              className="ant-form-item-additional"
              style={marginBottom ? { minHeight: marginBottom + extraHeight } : undefined}
            >
              {showsHelp ? (
                <ErrorList
                  fieldId={fieldId}
                  errors={errors}
                  warnings={warnings}
                  help={help}
                  helpStatus={status}
                  className="ant-form-item-explain-connected"
                />
              ) : null}
              {hasExtra ? (
                <div
                  id={fieldId ? `${fieldId}_extra` : undefined}
                  className="ant-form-item-extra"
                  ref={extraRef}
                >
                  {extra}
                </div>
              ) : null}
            </div>
          )}
        </div>
      </div>
      {marginBottom ? (
        <div className="ant-form-item-margin-offset" style={{ marginBottom: -marginBottom }} />
      ) : null}
    </div>
  );
}

function composeRefs(...refs: (Ref<unknown> | undefined)[]) {
  return (node: unknown) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref && typeof ref === 'object') (ref as { current: unknown }).current = node;
    }
  };
}

const NAME_SPLIT = '__SPLIT__';

/** antd's children rule: fragments and arrays flattened, empty nodes dropped, a single child unwrapped. */
function flatChildren(children: ReactNode, out: ReactNode[] = []): ReactNode[] {
  const list = Array.isArray(children) ? children : [children];
  for (const child of list) {
    if (child === undefined || child === null || typeof child === 'boolean') continue;
    if (Array.isArray(child)) flatChildren(child, out);
    else if (isValidElement<{ children?: ReactNode }>(child) && child.type === Fragment && child.key === null)
      flatChildren(child.props.children, out);
    else out.push(child);
  }
  return out;
}

function FormItem<Values = AnyValues>(props: FormItemProps<Values>) {
  const {
    name,
    noStyle,
    dependencies,
    shouldUpdate,
    rules,
    required,
    label,
    messageVariables,
    trigger = 'onChange',
    validateTrigger,
    hidden,
    help,
    extra,
  } = props;
  const flat = typeof props.children === 'function' ? null : flatChildren(props.children as ReactNode);
  const children: ItemChildren<Values> = flat === null ? props.children : flat.length <= 1 ? flat[0] : flat;
  const { name: formName, itemRef } = useContext(FormContext);
  const notifyParent = useContext(NoStyleItemContext);
  const { validateTrigger: contextValidateTrigger } = useContext(FieldContext);
  const listContext = useContext(ListContext);
  const mergedValidateTrigger = validateTrigger ?? contextValidateTrigger;
  const hasName = name !== undefined && name !== null;
  const isRenderProps = typeof children === 'function';
  const keyPath = useRef<(string | number)[] | null>(null);
  const [meta, setMeta] = useState<Meta>(emptyMeta);
  const [subMetas, setSubMetas] = useState<Record<string, MetaEvent>>({});
  const alive = useRef(true);
  useLayoutEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);
  const refCache = useRef<{ key?: string; origin?: unknown; ref?: (node: unknown) => void }>({});

  const onMetaChange = (next: MetaEvent) => {
    const keyInfo = listContext?.getKey(next.name);
    if (alive.current) setMeta(next.destroy ? emptyMeta() : next);
    if (noStyle && help !== false && notifyParent) {
      let namePath: (string | number)[] = next.name;
      if (!next.destroy) {
        if (keyInfo !== undefined) {
          const [fieldKey, restPath] = keyInfo;
          namePath = [fieldKey, ...restPath];
          keyPath.current = namePath;
        }
      } else {
        namePath = keyPath.current ?? namePath;
      }
      notifyParent(next, namePath);
    }
  };
  const onSubItemMetaChange = (sub: MetaEvent, uniqueKeys: (string | number)[]) => {
    if (!alive.current) return;
    setSubMetas((prev) => {
      const key = [...sub.name.slice(0, -1), ...uniqueKeys].join(NAME_SPLIT);
      if (sub.destroy) {
        if (!(key in prev)) return prev;
        const { [key]: _gone, ...restMetas } = prev;
        return restMetas;
      }
      return { ...prev, [key]: sub };
    });
  };
  const [errors, warnings] = useMemo(() => {
    const e = [...meta.errors];
    const w = [...meta.warnings];
    for (const sub of Object.values(subMetas)) {
      e.push(...(sub.errors ?? []));
      w.push(...(sub.warnings ?? []));
    }
    return [e, w];
  }, [meta.errors, meta.warnings, subMetas]);

  const renderLayout = (child: ReactNode, fieldId?: string, isRequired?: boolean) => {
    if (noStyle && !hidden) {
      return (
        <StatusProvider
          errors={errors}
          warnings={warnings}
          meta={meta}
          hasFeedback={props.hasFeedback}
          validateStatus={props.validateStatus}
          noStyle
          name={name}
        >
          {child}
        </StatusProvider>
      );
    }
    return (
      <ItemHolder
        props={props as FormItemProps}
        fieldId={fieldId}
        isRequired={isRequired}
        errors={errors}
        warnings={warnings}
        meta={meta}
        onSubItemMetaChange={onSubItemMetaChange}
      >
        {child}
      </ItemHolder>
    );
  };

  if (!hasName && !isRenderProps && !dependencies) return renderLayout(children as ReactNode);

  let variables: Record<string, string> = {};
  if (typeof label === 'string') variables.label = label;
  else if (name) variables.label = String(name);
  if (messageVariables) variables = { ...variables, ...messageVariables };

  const fieldProps: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(props)) {
    if (
      ![
        'children',
        'label',
        'help',
        'extra',
        'hidden',
        'noStyle',
        'tooltip',
        'htmlFor',
        'style',
        'className',
        'layout',
        'hasFeedback',
        'validateStatus',
        'required',
      ].includes(k) &&
      !k.startsWith('data-')
    )
      fieldProps[k] = v;
  }

  return (
    <Field
      {...(fieldProps as RcFieldProps<Values>)}
      messageVariables={variables}
      trigger={trigger}
      validateTrigger={mergedValidateTrigger}
      onMetaChange={onMetaChange}
    >
      {(control, renderMeta, context) => {
        const mergedName = toArray(name as never).length && renderMeta ? renderMeta.name : [];
        const fieldId = getFieldId(mergedName, formName);
        const isRequired =
          required !== undefined
            ? required
            : !!rules?.some((rule) => {
                if (typeof rule === 'function') {
                  const entity = rule(context as never);
                  return !!entity?.required && !entity?.warningOnly;
                }
                return !!(rule as RuleObject).required && !(rule as RuleObject).warningOnly;
              });
        let childNode: ReactNode = null;
        if (Array.isArray(children) && hasName) {
          childNode = children;
        } else if (isRenderProps && (!(shouldUpdate || dependencies) || hasName)) {
          childNode = null;
        } else if (dependencies && !isRenderProps && !hasName) {
          childNode = null;
        } else if (isValidElement(children)) {
          const child = children as ReactElement<Record<string, unknown>>;
          const childProps: Record<string, unknown> = { ...child.props, ...control };
          if (!childProps.id) childProps.id = fieldId;
          const describedBy: string[] = [];
          if (help || errors.length > 0 || warnings.length > 0) describedBy.push(`${fieldId}_help`);
          if (extra !== undefined && extra !== null && extra !== false && extra !== '')
            describedBy.push(`${fieldId}_extra`);
          if (props.tooltip && label) describedBy.push(`${fieldId}_tooltip`);
          if (describedBy.length) childProps['aria-describedby'] = describedBy.join(' ');
          if (errors.length > 0) childProps['aria-invalid'] = 'true';
          if (isRequired) childProps['aria-required'] = 'true';
          if (child.type !== Fragment) {
            const key = mergedName.join('_');
            const origin = child.props.ref as Ref<unknown> | undefined;
            if (refCache.current.key !== key || refCache.current.origin !== origin || !refCache.current.ref) {
              refCache.current = { key, origin, ref: composeRefs(itemRef(mergedName), origin) };
            }
            childProps.ref = refCache.current.ref;
          }
          // The child's own handlers run too (antd calls both).
          const triggers = new Set([
            ...toArray(trigger),
            ...toArray(mergedValidateTrigger as string | string[]),
          ]);
          for (const eventName of triggers) {
            childProps[eventName] = (...args: unknown[]) => {
              (control[eventName] as ((...a: unknown[]) => void) | undefined)?.(...args);
              (child.props[eventName] as ((...a: unknown[]) => void) | undefined)?.(...args);
            };
          }
          childNode = cloneElement(child, childProps);
        } else if (isRenderProps && (shouldUpdate || dependencies) && !hasName) {
          childNode = (children as (form: FormInstance<Values>) => ReactNode)(
            context as FormInstance<Values>,
          );
        } else {
          childNode = children as ReactNode;
        }
        return renderLayout(childNode, fieldId, isRequired);
      }}
    </Field>
  );
}

/** antd's `Form.Item.useStatus`: the nearest item's status, errors and warnings. */
function useStatus(): { status?: ValidateStatus; errors: ReactNode[]; warnings: ReactNode[] } {
  const {
    status,
    errors = [],
    warnings = [],
  } = useContext(FormItemInputContext) as {
    status?: ValidateStatus;
    errors?: ReactNode[];
    warnings?: ReactNode[];
  };
  return { status, errors, warnings };
}
FormItem.useStatus = useStatus;

export interface FormListProps {
  name: NamePath;
  rules?: RcListRules;
  initialValue?: StoreValue[];
  children: (
    fields: FormListFieldData[],
    operation: FormListOperation,
    meta: { errors: ReactNode[]; warnings: ReactNode[] },
  ) => ReactNode;
}
type RcListRules = Parameters<typeof List>[0]['rules'];

/** antd's `Form.List` (rc's List; fields carry antd's `fieldKey`). */
function FormList({ children, ...props }: FormListProps) {
  return (
    <List {...props}>
      {(fields, operation, meta) =>
        children(
          fields.map((field) => ({ ...field, fieldKey: field.key })),
          operation,
          { errors: meta.errors, warnings: meta.warnings },
        )
      }
    </List>
  );
}

type FormType = typeof FormRoot & {
  Item: typeof FormItem;
  List: typeof FormList;
  ErrorList: typeof ErrorList;
  Provider: typeof RcFormProvider;
  useForm: typeof useForm;
  useWatch: typeof useWatch;
  useFormInstance: typeof useFormInstance;
};

export const Form = FormRoot as FormType;
Form.Item = FormItem;
Form.List = FormList;
Form.ErrorList = ErrorList;
Form.Provider = RcFormProvider;
Form.useForm = useForm;
Form.useWatch = useWatch;
Form.useFormInstance = useFormInstance;

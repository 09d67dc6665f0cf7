import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import type { ProfileList } from '../../../../common/bridge-contract.ts';
import type { ProfileSummary } from '../../../../common/profile.ts';
import {
  ENVIRONMENTS,
  PROFILE_LIMITS,
  TOKEN_ENDPOINT_AUTH_METHODS,
  type Environment,
} from '../../../../common/profile-rules.ts';
import { useErrorText } from '../../components/ErrorText.tsx';
import { useT } from '../../i18n/index.ts';
import { profileName } from '../../i18n/profile-name.ts';
import { errorCode, unwrap } from '../../lib/api.ts';
import { useWallet } from '../../state/wallet-context.tsx';
import { FieldFrame } from '../../components/Field.tsx';
import {
  ADVANCED_FIELDS,
  emptyForm,
  FIELD_ORDER,
  formFromSummary,
  toProfileInput,
  validateForm,
  type FieldErrors,
  type FieldName,
  type ProfileFormValues,
} from './profile-form.ts';

/**
 * Adding a profile, or editing one: every field labelled, each problem beside its field, the main process's
 * verdict (INVALID_PROFILE names the fields) above the buttons. Secrets are never shown: an empty client secret
 * keeps the saved one.
 */
export function ProfileForm({
  editing,
  takenIds,
  onSaved,
  onCancel,
}: {
  /** The profile being edited; none to add one. */
  editing?: ProfileSummary;
  takenIds: string[];
  onSaved: (list: ProfileList, id: string) => void;
  onCancel: () => void;
}) {
  const t = useT();
  const errorText = useErrorText();
  const wallet = useWallet();
  const prefix = useId();
  const isNew = !editing;
  const [values, setValues] = useState<ProfileFormValues>(() => (editing ? formFromSummary(editing) : emptyForm()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<{ code: string; message: string }>();
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const serverErrorRef = useRef<HTMLParagraphElement>(null);
  const fields = useRef(new Map<FieldName, HTMLElement>());
  const [focusField, setFocusField] = useState<{ field: FieldName }>();

  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (focusField) fields.current.get(focusField.field)?.focus();
  }, [focusField]);
  useEffect(() => {
    if (serverError) serverErrorRef.current?.focus();
  }, [serverError]);

  const idOf = (field: FieldName) => `${prefix}-${field}`;
  const set = <K extends FieldName>(field: K, value: ProfileFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    // A field's message goes when the field is changed; it comes back, if still due, at the next save.
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const register = (field: FieldName) => (element: HTMLElement | null) => {
    if (element) fields.current.set(field, element);
    else fields.current.delete(field);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const found = validateForm(values, { isNew, takenIds, existing: editing });
    setErrors(found);
    const first = FIELD_ORDER.find((field) => found[field]);
    if (first) {
      if (ADVANCED_FIELDS.has(first)) setAdvancedOpen(true);
      setFocusField({ field: first });
      return;
    }
    setServerError(undefined);
    setSaving(true);
    try {
      const input = toProfileInput(values, isNew ? takenIds : []);
      const list = await unwrap(wallet.saveProfile(input));
      onSaved(list, input.id);
    } catch (error) {
      setServerError({ code: errorCode(error), message: error instanceof Error ? error.message : '' });
      setSaving(false);
    }
  };

  const field = (name: FieldName, label: string, options: FieldOptions = {}) => (
    <Field
      key={name}
      id={idOf(name)}
      label={label}
      hint={options.hint}
      error={errors[name] && t(errors[name].key, errors[name].params)}
      required={options.required}
    >
      {(describedBy) => (
        <input
          ref={register(name)}
          id={idOf(name)}
          name={name}
          type={options.type ?? 'text'}
          value={values[name]}
          onChange={(event) => set(name, event.target.value)}
          aria-describedby={describedBy}
          aria-invalid={errors[name] ? true : undefined}
          aria-required={options.required || undefined}
          autoComplete="off"
          spellCheck={false}
          maxLength={options.maxLength ?? (options.type === 'url' ? PROFILE_LIMITS.url : undefined)}
          inputMode={options.type === 'url' ? 'url' : undefined}
        />
      )}
    </Field>
  );

  const secretHint = isNew
    ? t('profiles.field.clientSecret.hintNew')
    : editing.hasClientSecret
      ? t('profiles.field.clientSecret.hintKeep')
      : t('profiles.field.clientSecret.hintNone');
  const apiKeyHint =
    editing && editing.apiKeyMasked !== ''
      ? t('profiles.field.apiKey.hintAgain', { masked: editing.apiKeyMasked })
      : t('profiles.field.apiKey.hint');

  return (
    <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate aria-labelledby={`${prefix}-h`}>
      <h3 id={`${prefix}-h`} ref={heading} tabIndex={-1}>
        {editing ? t('profiles.form.editTitle', { name: profileName(editing, t) }) : t('profiles.form.addTitle')}
      </h3>
      <p className="hint">{t('profiles.form.required')}</p>

      {isNew ? (
        field('id', t('profiles.field.id'), {
          hint: t('profiles.field.id.hint'),
          maxLength: PROFILE_LIMITS.id,
        })
      ) : (
        <p className="profile-form-fixed">
          {t('profiles.field.id')}: <code>{editing.id}</code>
        </p>
      )}
      {field('name', t('profiles.field.name'), { required: true, maxLength: PROFILE_LIMITS.name })}
      <Field id={idOf('environment')} label={t('profiles.field.environment')}>
        {(describedBy) => (
          <select
            ref={register('environment')}
            id={idOf('environment')}
            name="environment"
            value={values.environment}
            aria-describedby={describedBy}
            onChange={(event) => set('environment', event.target.value as Environment)}
          >
            {ENVIRONMENTS.map((environment) => (
              <option key={environment} value={environment}>
                {t(`profiles.env.${environment}`)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {field('baseUrl', t('profiles.field.baseUrl'), { type: 'url', hint: t('profiles.field.url.hint') })}
      {field('authUrl', t('profiles.field.authUrl'), { type: 'url', hint: t('profiles.field.url.hint') })}
      {field('clientId', t('profiles.field.clientId'), { maxLength: PROFILE_LIMITS.clientId })}
      {field('clientSecret', t('profiles.field.clientSecret'), {
        type: 'password',
        hint: secretHint,
        maxLength: PROFILE_LIMITS.clientSecret,
      })}
      {field('apiKey', t('profiles.field.apiKey'), {
        type: 'password',
        hint: apiKeyHint,
        maxLength: PROFILE_LIMITS.apiKey,
      })}

      <div className="profile-form-advanced">
        <button
          type="button"
          className="disclosure"
          aria-expanded={advancedOpen}
          aria-controls={`${prefix}-advanced`}
          onClick={() => setAdvancedOpen((open) => !open)}
        >
          {t('profiles.form.advanced')}
        </button>
        <div id={`${prefix}-advanced`} hidden={!advancedOpen}>
          {field('apiVersion', t('profiles.field.apiVersion'), { hint: t('profiles.field.apiVersion.hint') })}
          {field('scopes', t('profiles.field.scopes'), { hint: t('profiles.field.scopes.hint') })}
          {field('redirectPorts', t('profiles.field.redirectPorts'), { hint: t('profiles.field.redirectPorts.hint') })}
          <fieldset className="profile-form-choice">
            <legend>{t('profiles.field.tokenEndpointAuth')}</legend>
            {TOKEN_ENDPOINT_AUTH_METHODS.map((method, index) => (
              <label key={method}>
                <input
                  ref={index === 0 ? register('tokenEndpointAuth') : undefined}
                  type="radio"
                  name={`${prefix}-tokenEndpointAuth`}
                  value={method}
                  checked={values.tokenEndpointAuth === method}
                  onChange={() => set('tokenEndpointAuth', method)}
                />{' '}
                {t(`profiles.field.tokenEndpointAuth.${method}`)}
              </label>
            ))}
          </fieldset>
          {field('kennitalaClaims', t('profiles.field.kennitalaClaims'), { hint: t('profiles.field.claims.hint') })}
          {field('nameClaims', t('profiles.field.nameClaims'), { hint: t('profiles.field.claims.hint') })}
          {field('jwksUrl', t('profiles.field.jwksUrl'), { type: 'url', hint: t('profiles.field.optional') })}
          {field('discoveryUrl', t('profiles.field.discoveryUrl'), { type: 'url', hint: t('profiles.field.optional') })}
          {field('issuer', t('profiles.field.issuer'), {
            hint: t('profiles.field.optional'),
            maxLength: PROFILE_LIMITS.url,
          })}
        </div>
      </div>

      {serverError && (
        <p role="alert" className="error" ref={serverErrorRef} tabIndex={-1}>
          {errorText(serverError.code, serverError.message)}
        </p>
      )}
      <div className="actions">
        <button type="submit" className="primary" aria-disabled={saving || undefined}>
          {t('action.save')}
        </button>
        <button type="button" onClick={onCancel}>
          {t('action.cancel')}
        </button>
      </div>
    </form>
  );
}

interface FieldOptions {
  type?: 'text' | 'url' | 'password';
  hint?: string;
  required?: boolean;
  maxLength?: number;
}

/** The shared field frame, with the form's "(required)" mark after the label. */
function Field({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  required?: boolean;
  children: (describedBy: string | undefined) => ReactNode;
}) {
  const t = useT();
  const text = required ? (
    <>
      {label} <span className="field-required">({t('profiles.form.requiredMark')})</span>
    </>
  ) : (
    label
  );
  return (
    <FieldFrame id={id} label={text} hint={hint} error={error}>
      {children}
    </FieldFrame>
  );
}

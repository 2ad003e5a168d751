import { getCollectionProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { ErrorList, Field, TextareaField } from "~/components/Field";
import { PERMISSIONS, PERMISSION_KEYS, ROLES, type Role } from "@common/roles";
import { LEVEL_MAX, LEVEL_MIN, LEVELED_ROLE } from "~/modules/users/user-rules";

/** The profile fields shared by the "Nuevo usuario" and "Editar usuario" dialogs. */
export type ProfileFields = {
  firstName: FieldMetadata<string>;
  lastName: FieldMetadata<string | undefined>;
  email: FieldMetadata<string>;
  phone: FieldMetadata<string | undefined>;
  role: FieldMetadata<string>;
  level: FieldMetadata<number | undefined>;
  erpUsers: FieldMetadata<string | undefined>;
  intelisisAgent: FieldMetadata<string | undefined>;
  permissions: FieldMetadata<string[] | undefined>;
  isActive: FieldMetadata<boolean | undefined>;
};

/** `roles`: what the role select offers, the ones this user may give (app/modules/users/manage-rule.ts). */
export function UserProfileFields({
  fields,
  roles,
  children,
}: {
  fields: ProfileFields;
  roles: readonly Role[];
  children?: React.ReactNode;
}) {
  // Without JavaScript the level appears after choosing Surtido and sending once (the server asks for it).
  const showLevel = fields.role.value === LEVELED_ROLE || !!fields.level.errors?.length;
  const roleErrorId = fields.role.errors?.length ? `${fields.role.id}-error` : undefined;
  return (
    <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
      <Field label="Nombre" meta={fields.firstName} inputProps={{ autoComplete: "off" }} />
      <Field label="Apellidos" meta={fields.lastName} inputProps={{ autoComplete: "off" }} />
      <Field label="Correo electrónico" meta={fields.email} type="email" inputProps={{ autoComplete: "off" }} />
      <Field label="Teléfono" meta={fields.phone} type="tel" />
      <div className="flex flex-col gap-1">
        <label htmlFor={fields.role.id} className="text-sm font-medium text-slate-700">
          Rol
        </label>
        <select {...getSelectProps(fields.role, { ariaDescribedBy: roleErrorId })} className="input">
          <option value="">Selecciona un rol</option>
          {roles.map((key) => (
            <option key={key} value={key}>
              {ROLES[key]}
            </option>
          ))}
        </select>
        <ErrorList id={roleErrorId} errors={fields.role.errors} />
      </div>
      {showLevel ? (
        <Field
          label="Nivel (Surtido)"
          meta={fields.level}
          type="number"
          hint={`Obligatorio para Surtido, del ${LEVEL_MIN} al ${LEVEL_MAX}.`}
          inputProps={{ min: LEVEL_MIN, max: LEVEL_MAX, step: 1 }}
        />
      ) : (
        <p className="self-center pb-5 text-xs text-slate-500">El nivel solo aplica al rol Surtido; en los demás roles se deja vacío.</p>
      )}
      <TextareaField
        label="Usuarios ERP (intelisis)"
        meta={fields.erpUsers}
        className="sm:col-span-1"
        textareaProps={{ rows: 3, placeholder: "Uno por línea o separados por comas" }}
      />
      <Field label="Agente intelisis" meta={fields.intelisisAgent} inputProps={{ autoComplete: "off" }} />

      <fieldset className="sm:col-span-2">
        <legend className="text-sm font-medium text-slate-700">Permisos especiales</legend>
        <p className="mt-0.5 text-xs text-slate-500">
          Admin y Developer tienen todos estos permisos de forma implícita; márcalos para otros roles (por ejemplo, MercadoLibre Manager).
        </p>
        <div className="mt-2 grid grid-cols-1 gap-1.5">
          {getCollectionProps(fields.permissions, { type: "checkbox", options: PERMISSION_KEYS }).map(({ key, ...props }) => (
            <label key={key} className="flex items-start gap-2 text-sm">
              <input {...props} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
              <span>{PERMISSIONS[props.value as keyof typeof PERMISSIONS]}</span>
            </label>
          ))}
        </div>
        <ErrorList errors={fields.permissions.errors} />
      </fieldset>

      <div className="sm:col-span-2">
        <label className="flex items-center gap-2 text-sm font-medium text-slate-700">
          <input {...getInputProps(fields.isActive, { type: "checkbox" })} className="h-4 w-4 rounded border-slate-300" />
          Usuario activo (puede iniciar sesión)
        </label>
        <ErrorList id={fields.isActive.errors?.length ? `${fields.isActive.id}-error` : undefined} errors={fields.isActive.errors} />
      </div>
      {children}
    </div>
  );
}

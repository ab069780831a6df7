/** Sign-in and current-user calls. */
import { Type, type Static } from '@sinclair/typebox';

export const SignInBody = Type.Object(
  {
    email: Type.String({ minLength: 3, maxLength: 254 }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: true },
);
export type SignInBody = Static<typeof SignInBody>;

export const SignInResponse = Type.Object({
  status: Type.Literal('success'),
  data: Type.Object({
    token: Type.String(),
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
  }),
});
export type SignInResponse = Static<typeof SignInResponse>;

export const UserResponse = Type.Object({
  status: Type.Literal('success'),
  data: Type.Object({
    email: Type.String(),
    first_name: Type.String(),
    last_name: Type.String(),
    slug: Type.String(),
  }),
});
export type UserResponse = Static<typeof UserResponse>;

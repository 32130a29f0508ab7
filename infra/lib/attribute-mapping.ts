/**
 * Cognito refuses a federated sign-in ("attribute is required") when the user pool requires an
 * attribute the identity provider does not map, or maps from a claim the provider does not give.
 * This reads a synthesized template and names every provider that would meet that refusal, and every
 * provider without a mapping at all, so the suite fails before a deploy does.
 */
interface TemplateResource {
  Type: string;
  Properties?: Record<string, unknown>;
}

interface SchemaAttribute {
  Name?: string;
  Required?: boolean;
}

const refOf = (value: unknown) =>
  value !== null && typeof value === 'object' && 'Ref' in value
    ? String((value as { Ref: unknown }).Ref)
    : undefined;

export function attributeMappingProblems(template: {
  Resources?: Record<string, TemplateResource>;
}): string[] {
  const resources = Object.entries(template.Resources ?? {});
  const requiredByPool = new Map(
    resources
      .filter(([, resource]) => resource.Type === 'AWS::Cognito::UserPool')
      .map(([id, resource]) => [
        id,
        ((resource.Properties?.['Schema'] ?? []) as SchemaAttribute[])
          .filter((attribute) => attribute.Required === true)
          .map((attribute) => attribute.Name ?? ''),
      ]),
  );
  const problems: string[] = [];
  for (const [id, resource] of resources) {
    if (resource.Type !== 'AWS::Cognito::UserPoolIdentityProvider') continue;
    const name = String(resource.Properties?.['ProviderName'] ?? id);
    const mapping = (resource.Properties?.['AttributeMapping'] ?? {}) as Record<string, unknown>;
    if (Object.keys(mapping).length === 0) problems.push(`${name} has no attribute mapping`);
    const pool = refOf(resource.Properties?.['UserPoolId']);
    for (const attribute of (pool && requiredByPool.get(pool)) || []) {
      if (!(attribute in mapping))
        problems.push(`${name} does not map ${attribute}, which the user pool ${pool} requires`);
    }
  }
  return problems;
}

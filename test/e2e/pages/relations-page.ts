import type { Locator, Page } from '@playwright/test';

/** A customer's Relations tab: the relations saved from CaseDesk, their form, the graph, the type labels. */
export class RelationsPanel {
  constructor(readonly page: Page) {}

  get tab(): Locator {
    return this.page.getByTestId('relations-tab');
  }
  get empty(): Locator {
    return this.page.getByTestId('relations-empty');
  }
  get add(): Locator {
    return this.page.getByTestId('relation-add');
  }
  get form(): Locator {
    return this.page.getByTestId('relation-form');
  }
  get relationId(): Locator {
    return this.form.getByTestId('relation-id');
  }
  get type(): Locator {
    return this.form.getByTestId('relation-type');
  }
  end(side: 'parent' | 'child'): Locator {
    return this.form.getByTestId(`relation-${side}`);
  }
  endValue(side: 'parent' | 'child'): Locator {
    return this.form.getByTestId(`relation-${side}-value`);
  }
  endSearch(side: 'parent' | 'child'): Locator {
    return this.form.getByTestId(`relation-${side}-search`);
  }
  endChoice(side: 'parent' | 'child'): Locator {
    return this.form.getByTestId(`relation-${side}-choice`);
  }
  get verify(): Locator {
    return this.form.getByTestId('relation-verify');
  }
  get save(): Locator {
    return this.form.getByTestId('relation-save');
  }
  get verified(): Locator {
    return this.form.getByTestId('relation-verified');
  }
  get notice(): Locator {
    return this.page.getByTestId('relation-notice');
  }
  asParent(): Locator {
    return this.page.getByTestId('kept-as-parent').getByTestId('kept-relation');
  }
  asChild(): Locator {
    return this.page.getByTestId('kept-as-child').getByTestId('kept-relation');
  }
  get graph(): Locator {
    return this.page.getByTestId('relation-graph');
  }
  get graphNodes(): Locator {
    return this.graph.getByTestId('graph-node');
  }
  /** The edges the graph has drawn (an edge whose ends are not placed is not in the page). */
  get graphEdges(): Locator {
    return this.graph.locator('.react-flow__edge');
  }
  get depth(): Locator {
    return this.page.getByTestId('relation-graph-depth');
  }

  /** Names a relation type for the profile (the Relation types section). */
  async labelType(value: number, label: string): Promise<void> {
    await this.page.getByRole('heading', { name: 'Relation types' }).click();
    const types = this.page.getByTestId('relation-types');
    await types.getByTestId('relation-type-value').last().fill(String(value));
    await types.getByTestId('relation-type-label').last().fill(label);
    await types.getByTestId('relation-types-save').click();
    await this.page.getByTestId('relation-types-saved').waitFor();
  }
}

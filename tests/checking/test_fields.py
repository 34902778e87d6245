"""The certificate's fields: one table says which step of check-cert fills or checks each."""
from quarks.certify import load
from quarks.checking import fields


def test_the_table_is_the_kernels_field_list():
    assert set(fields.FIELDS) == set(load.REQUIRED) | set(load.OPTIONAL)
    assert all(set(steps) <= set(fields.STEPS) and steps[0] == "load" for steps in fields.FIELDS.values())


def test_only_when_and_by_whom_may_differ():
    assert set(fields.VOLATILE_FIELDS) == {"created", "elapsed", "package"}
    assert "schema" not in fields.MEANING_FIELDS and "claim" in fields.MEANING_FIELDS
    assert set(fields.MEANING_FIELDS) | set(fields.VOLATILE_FIELDS) | {"schema"} == set(fields.FIELDS)

"""Packed certificates (quarks.coq.pack, Packed.v): Python's packing is the inverse of Coq's
unpacking, checked by vm_compute on random certificates, and values out of range are refused."""
import random
import subprocess

import pytest

from quarks.certify import coq_gate
from quarks.coq import pack as cp


def _certs(seed, k=300):
    rnd = random.Random(seed)
    out = []
    for _ in range(k):
        if rnd.random() < 0.7:
            out.append(("real", [rnd.randint(-70, 70) for _ in range(rnd.randint(0, 20))]))
        else:
            out.append(("fark", [(rnd.randrange(64), rnd.randint(0, 1 << rnd.randint(1, 58)))
                                 for _ in range(rnd.randint(1, 12))]))
    return out


def test_pack_round_trip():
    certs = _certs(1, 2000)
    words = cp.pack_certs(certs)
    assert all(0 <= w < 1 << 63 for w in words)
    assert cp.unpack_certs(len(certs), words) == certs
    nums = [0, 1, 63, 64, 4095, 4096, (1 << 60) - 1]
    assert cp.unpack(cp.pack(nums))[:len(nums)] == nums
    assert [cp.unzigzag(cp.zigzag(z)) for z in (-5, -1, 0, 1, 7)] == [-5, -1, 0, 1, 7]


def test_out_of_range_is_refused():
    with pytest.raises(ValueError):
        cp.pack([1 << 60])
    with pytest.raises(ValueError):
        cp.zigzag(-(1 << 59) - 1)
    with pytest.raises(ValueError):
        cp.cert_numbers(("other", []))


@pytest.mark.coq
def test_coq_unpacks_what_python_packs(package_proofs, tmp_path):
    certs = _certs(2)
    words = cp.pack_certs(certs)
    nums = [0, 5, 64, 1 << 40, (1 << 60) - 1]
    lits = "[:: " + ";\n  ".join(cp.cert_text(c) for c in certs) + "]%Z"
    text = ("From Coq Require Import ZArith NArith Uint63.\n"
            "From mathcomp Require Import ssreflect seq.\nFrom Quarks Require Import Classify Packed.\n"
            f"Lemma same : unpack_certs {len(certs)} {cp.words_text(cp.pack_certs(certs), 64)} = {lits}.\n"
            "Proof. vm_compute. reflexivity. Qed.\n"
            f"Lemma same_nats : unpack_nats {len(nums)} {cp.words_text(cp.pack(nums))} = "
            f"[:: {'; '.join(map(str, nums))}]%N.\nProof. vm_compute. reflexivity. Qed.\n"
            # one word changed: the decoding differs
            f"Lemma differ : unpack_certs {len(certs)} {cp.words_text([words[0] ^ 1] + words[1:])} <> {lits}.\n"
            "Proof. vm_compute. discriminate. Qed.\n")
    (tmp_path / "PackSame.v").write_text(text)
    res = subprocess.run([coq_gate.coqc(), "-q", "-w", "-all", "-R", str(package_proofs.directory), coq_gate.LOGICAL,
                          "PackSame.v"], cwd=tmp_path, capture_output=True, text=True)
    assert res.returncode == 0, res.stderr or res.stdout

"""Joey NMT config for the Transformer of pretrained/de-en-multi30k-transformer/train.toml.

Edits the peer kit's RNN config (``../shared/peers/joeynmt/setup.sh DIR`` writes
``DIR/rnn_multi30k_deen.yaml``) into a Transformer with the same architecture, sizes and
optimiser settings. Run it with Joey's own venv python (it needs PyYAML); ``decode`` also
sets ``testing.load_model`` to the best checkpoint, for translate_speed.py:

    cd DIR
    S=/path/to/tests/benchmarks/joey_transformer_config.py
    venv/bin/python $S train < rnn_multi30k_deen.yaml > tf-train.yaml
    venv/bin/python $S decode < rnn_multi30k_deen.yaml > tf-decode.yaml
    OMP_NUM_THREADS=2 timeout -s INT 2100 venv/bin/python -m joeynmt train tf-train.yaml --skip-test

The model directory is ``model-tf`` beside the input config's ``model_dir``.
"""

import sys
from pathlib import Path

import yaml

cfg = yaml.safe_load(sys.stdin.read())
cfg["name"] = "multi30k_deen_transformer"
cfg["model_dir"] = str(Path(cfg["model_dir"]).parent / "model-tf")
layer = {
    "type": "transformer",
    "num_layers": 3,
    "num_heads": 4,
    "embeddings": {"embedding_dim": 256, "scale": True},
    "hidden_size": 256,
    "ff_size": 1024,
    "dropout": 0.25,
    "layer_norm": "pre",
}
m = cfg["model"]
m["encoder"], m["decoder"] = dict(layer), dict(layer)
m.update(tied_embeddings=True, tied_softmax=True)
t = cfg["training"]
t.update(
    adam_betas=[0.9, 0.98],
    learning_rate=0.0015,
    scheduling="warmupinversesquareroot",
    learning_rate_warmup=1000,
    label_smoothing=0.1,
    batch_type="token",
    batch_size=3000,
    validation_freq=400,
    logging_freq=100,
    early_stopping_metric="bleu",
    random_seed=1,
)
if sys.argv[1] == "decode":
    cfg["testing"]["load_model"] = cfg["model_dir"] + "/best.ckpt"
print(yaml.safe_dump(cfg))

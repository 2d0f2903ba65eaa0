// The JSON of a check (check.h: CheckJson): what `rooflint check --format json` and `import
// --format json` print, and what the library's other front ends (the Python module) return,
// byte for byte.
#include <nlohmann/json.hpp>

#include "rooflint/check.h"

namespace rooflint {

std::string CheckJson(const CheckReport& report) {
  using nlohmann::json;
  auto bound = [](const CheckBound& b) {
    json j = {{"instrument", b.instrument}, {"verdict", b.verdict}};
    if (b.verdict == "not-computable") {
      j["reason"] = b.reason;
      return j;
    }
    j["bound"] = b.bound;
    j["unit"] = b.unit;
    j["percent"] = b.percent;
    j["arithmetic"] = b.arithmetic;
    j["assumption"] = b.assumption.empty() ? json(nullptr) : json(b.assumption);
    return j;
  };
  json figures = json::array();
  for (const CheckedFigure& f : report.figures) {
    json j;
    j["id"] = f.id;
    if (!f.from.empty()) j["from"] = f.from;
    j["metric"] = f.metric;
    // A file's figures: the statistic of a distribution (mean, p99) and the run it belongs to,
    // which `check`'s table groups them by.
    if (!f.statistic.empty()) j["statistic"] = f.statistic;
    if (!f.set.empty()) j["set"] = f.set;
    j["value"] = f.value;
    j["model"] = f.model;
    j["hardware"] = f.hardware;
    j["accelerators"] = f.accelerators;
    j["precision"] = f.precision.empty() ? json(nullptr) : json(f.precision);
    j["verdict"] = f.verdict;
    j["binding"] = f.binding ? bound(*f.binding) : json(nullptr);
    json bounds = json::array();
    for (const CheckBound& b : f.bounds) bounds.push_back(bound(b));
    j["bounds"] = bounds;
    if (f.capacity) {
      j["capacity"] = {
          {"verdict", f.capacity->verdict},
          {"arithmetic", f.capacity->arithmetic},
          {"assumption", f.capacity->assumption.empty() ? nlohmann::json(nullptr)
                                                        : nlohmann::json(f.capacity->assumption)},
          {"reason", f.capacity->reason}};
    } else {
      j["capacity"] = nullptr;
    }
    json findings = json::array();
    for (const Finding& x : f.findings) {
      findings.push_back({{"severity", SeverityName(x.severity)},
                          {"code", x.code.str()},
                          {"instrument", x.instrument.str()},
                          {"message", x.message.str()},
                          {"arithmetic", x.arithmetic.str()},
                          {"hint", x.hint.str()}});
    }
    j["findings"] = findings;
    json missing = json::array();
    for (const MissingFact& m : f.missing) {
      missing.push_back(
          {{"flag", m.flag}, {"what", m.what}, {"unlocks", m.unlocks}, {"note", m.note}});
    }
    j["missing"] = missing;
    j["notes"] = f.notes;
    figures.push_back(std::move(j));
  }
  json diagnostics = json::array();
  for (const Diagnostic& d : report.diagnostics) {
    diagnostics.push_back({{"severity", SeverityName(d.severity)},
                           {"code", d.code.str()},
                           {"message", d.message.str()},
                           {"path", d.where.path},
                           {"line", d.where.line},
                           {"hint", d.hint.str()}});
  }
  json doc = {{"tool", "rooflint"},
              {"version", ROOFLINT_VERSION},
              {"figures", figures},
              {"diagnostics", diagnostics}};
  return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

}  // namespace rooflint

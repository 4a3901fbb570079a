// Reusable view storage for a GameCore binding (one per thread): the core
// fills a view into it (its vectors keep their capacity from one call to the
// next) and the binding converts it. A view asked for while one is being
// converted (a finalizer run by the collector in between) gets storage of its own.
#pragma once

namespace yijing_bindings {

template <class View>
class ViewScratch {
 public:
  // The storage for one view, held until the Lease ends.
  class Lease {
   public:
    explicit Lease(ViewScratch& s) : owner_(s.busy_ ? nullptr : &s) {
      if (owner_ != nullptr) owner_->busy_ = true;
    }
    ~Lease() {
      if (owner_ != nullptr) owner_->busy_ = false;
    }
    Lease(const Lease&) = delete;
    Lease& operator=(const Lease&) = delete;
    View& view() { return owner_ != nullptr ? owner_->view_ : own_; }

   private:
    ViewScratch* owner_;
    View own_;
  };

 private:
  View view_;
  bool busy_ = false;
};

}  // namespace yijing_bindings
